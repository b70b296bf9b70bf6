// The server's SITE_URL, kept in DATA_DIR for the operator CLI. Links the CLI mails (an approval's sign-in link, a
// sample link once an NDA is verified) must point where the server is, even from a shell where SITE_URL is not
// set: before, they pointed at the default, http://localhost:4321, and the lab's first link was dead.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from './config.ts';

const FILE = 'site-url';

/** At server start: what links should point at, for the CLI to read. */
export async function recordSiteUrl(config: Config): Promise<void> {
  const path = join(config.dataDir, FILE);
  const recorded = await readFile(path, 'utf8').catch(() => undefined);
  if (recorded?.trim() === config.siteUrl.href) return;
  try {
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    await writeFile(path, `${config.siteUrl.href}\n`);
  } catch {
    // a DATA_DIR the server cannot write (PostgreSQL deployments need none): the CLI uses its own SITE_URL
  }
}

/**
 * The CLI's SITE_URL: its own when set, else the one the server recorded; and a line for the operator when the
 * two differ or the recorded one is used.
 */
export async function siteUrlForCli(
  config: Config,
  env: NodeJS.ProcessEnv,
): Promise<{ siteUrl: URL; note?: string }> {
  const text = await readFile(join(config.dataDir, FILE), 'utf8').catch(() => undefined);
  const recorded = text && URL.canParse(text.trim()) ? new URL(text.trim()) : undefined;
  if (!recorded || recorded.href === config.siteUrl.href) return { siteUrl: config.siteUrl };
  if (env.SITE_URL === undefined)
    return { siteUrl: recorded, note: `links: ${recorded.href} (the server's SITE_URL)` };
  return {
    siteUrl: config.siteUrl,
    note: `links: ${config.siteUrl.href}, from SITE_URL here; the server started with ${recorded.href}`,
  };
}
