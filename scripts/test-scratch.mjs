/**
 * Where the test runners keep the folders tests make and remove (PGlite data, uploads, object folders, the
 * browser's profiles): a folder in memory (`/dev/shm`, a tmpfs) when the machine has one with room, else
 * the system's temporary folder. Every jest file starts its services on fresh PGlite folders copied from a
 * migrated template (about a thousand files each), and copying them costs the kernel several times less
 * in memory than on disk. Nothing else changes: tests still make their own folders under
 * `os.tmpdir()` and remove them, and an explicit TMPDIR is kept.
 */
import { accessSync, constants, mkdirSync, statfsSync } from 'node:fs';
import path from 'node:path';

const MEMORY_FOLDER = '/dev/shm';
/** Docker gives a container 64 MB of /dev/shm by default: too little for one run's folders. */
const NEEDED_BYTES = 4 * 1024 ** 3;

/** The folder for TMPDIR, or undefined to leave the system's. One per user, who alone writes in it. */
function fastScratchFolder() {
  if (process.env.TMPDIR || process.platform !== 'linux') return undefined;
  try {
    const { bavail, bsize } = statfsSync(MEMORY_FOLDER);
    if (bavail * bsize < NEEDED_BYTES) return undefined;
    const folder = path.join(MEMORY_FOLDER, `platform-tests-${process.getuid?.() ?? 'user'}`);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    accessSync(folder, constants.W_OK);
    return folder;
  } catch {
    return undefined;
  }
}

/**
 * Points TMPDIR (read by `os.tmpdir()` in this process and every process it starts) at the folder in
 * memory, when there is one; answers it, or undefined.
 */
export function useFastScratchFolder() {
  const folder = fastScratchFolder();
  if (folder) process.env.TMPDIR = folder;
  return folder;
}
