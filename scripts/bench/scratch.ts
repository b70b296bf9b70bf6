// Folders the benchmarks write into, removed only when the whole run is over. Why not each after its part: this
// machine's ext4 has no journal, and there a file created soon after many were deleted pays for a scan past every
// inode freed in the last one to five minutes (ext4's recently_deleted check). One part's clean-up (a data folder
// with tens of thousands of mails in its outbox) slowed every file the next part's server created: the writes
// at 100,000 stored measured the previous stage's `rm -r`, not our code.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const made: string[] = [];

/** `inProject`: under the project's .tmp/, where a build's server chunks can resolve the project's packages. */
export async function scratchDir(prefix: string, options: { inProject?: boolean } = {}): Promise<string> {
  const parent = options.inProject ? resolve('.tmp') : tmpdir();
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(join(parent, `dss-bench-${prefix}-`));
  made.push(dir);
  return dir;
}

export async function removeScratchDirs(): Promise<void> {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
}
