// A page's status with its own reason phrase. Astro starts every page's answer as 200 "OK" and copies that
// statusText to node's statusMessage (astro/dist/core/app/node.js, writeResponse), so setting only
// `Astro.response.status` sent "422 OK", "409 OK" to the browser. node:http's STATUS_CODES has the phrases.
import { STATUS_CODES } from 'node:http';
import type { AstroGlobal } from 'astro';

export function setStatus(astro: Pick<AstroGlobal, 'response'>, status: number): void {
  astro.response.status = status;
  astro.response.statusText = STATUS_CODES[status] ?? '';
}
