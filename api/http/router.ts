// A small route table: `/api/v1/catalog/:id` patterns matched segment by segment on the raw (undecoded) path,
// so an encoded slash stays inside one segment and can never reach another route.

export type Params = Record<string, string>;

export type Route<H> = { method: string; path: string; handler: H };

type CompiledRoute<H> = Route<H> & { segments: string[] };

export type Match<H> =
  | { kind: 'found'; route: Route<H>; params: Params }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

export function createRouter<H>(routes: readonly Route<H>[]) {
  const compiled: CompiledRoute<H>[] = routes.map((route) => ({ ...route, segments: route.path.split('/') }));

  /** The route's parameters if the path fits its pattern, else undefined. */
  function matchPath(route: CompiledRoute<H>, parts: string[]): Params | undefined {
    if (route.segments.length !== parts.length) return undefined;
    const params: Params = {};
    for (let i = 0; i < parts.length; i++) {
      const pattern = route.segments[i]!;
      const part = parts[i]!;
      if (pattern.startsWith(':')) {
        if (part === '') return undefined;
        params[pattern.slice(1)] = part;
      } else if (pattern !== part) {
        return undefined;
      }
    }
    return params;
  }

  return {
    /** HEAD matches a GET route. */
    match(method: string, pathname: string): Match<H> {
      const parts = pathname.split('/');
      let allow: Set<string> | undefined;
      for (const route of compiled) {
        const params = matchPath(route, parts);
        if (!params) continue;
        if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
          return { kind: 'found', route, params };
        }
        allow ??= new Set();
        allow.add(route.method);
        if (route.method === 'GET') allow.add('HEAD');
      }
      if (!allow) return { kind: 'not_found' };
      allow.add('OPTIONS');
      return { kind: 'method_not_allowed', allow: [...allow] };
    },
  };
}
