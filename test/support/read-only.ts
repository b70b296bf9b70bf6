// Makes a folder read-only for this process, even as root (tests run as root in CI): root ignores permission
// bits, so there the folder is made immutable (chattr +i), which refuses creating, renaming and removing entries.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const asRoot = process.getuid?.() === 0;

function set(dir: string, readOnly: boolean): void {
  if (asRoot) execFileSync('chattr', [readOnly ? '+i' : '-i', dir], { stdio: 'ignore' });
  else chmodSync(dir, readOnly ? 0o555 : 0o700);
}

/** Whether this machine can make a temp folder read-only (chattr needs ext4 or the like, not tmpfs/overlay). */
export const canMakeReadOnly = (() => {
  const probe = mkdtempSync(join(tmpdir(), 'dss-ro-probe-'));
  try {
    set(probe, true);
    set(probe, false);
    return true;
  } catch {
    return false;
  } finally {
    rmdirSync(probe);
  }
})();

export const makeReadOnly = (dir: string) => set(dir, true);
export const makeWritable = (dir: string) => set(dir, false);
