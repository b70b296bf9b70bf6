// Paths of the static build that `npm test` makes before the suite runs (npm run build).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const DIST_CLIENT = join(process.cwd(), 'dist', 'client');
/** What serves the pages made per request: not public, but no place for NDA values either. */
export const DIST_SERVER = join(process.cwd(), 'dist', 'server');

export function requireBuild(): void {
  if (!existsSync(join(DIST_CLIENT, 'index.html'))) {
    throw new Error('No build in dist/: run "npm run build" first (npm test does).');
  }
}
