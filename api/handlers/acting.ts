// The action context of an API request: the service's parts, the caller as the actor, and the request's time and
// client address.
import { lab, visitor, type ActionContext } from '../actions/context.ts';
import type { ApiRequest, Context } from '../http/types.ts';

export const actingFor = (context: Context, request?: ApiRequest): ActionContext => ({
  ...context.deps,
  actor: context.caller ? lab(context.caller) : visitor,
  now: context.now,
  clientIp: context.clientIp,
  userAgent: request?.headers.get('user-agent') ?? undefined,
});
