/**
 * Every PGlite the kit opens starts here, with the same settings (docs/decisions.md, 60).
 *
 * PGlite's data folders keep initdb's `shared_buffers = 128MB`. At every start PostgreSQL maps its shared
 * memory and PGlite's WebAssembly build zeroes all of it byte by byte: about 0.5 s of CPU and 128 MB of
 * resident memory for a buffer pool the embedded site never fills (its tables hold thousands of rows, and
 * the files behind them stay in the operating system's cache). 16 MB measured side by side on a migrated
 * folder: an open took 810–860 ms of CPU before and 310–460 ms after, and the process held about 130 MB
 * less. The setting is passed at each start rather than written into postgresql.conf, so folders made
 * before it get it too.
 */
import { PGlite } from '@electric-sql/pglite';

export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];

/** A PGlite on `dataDir` (initdb runs first when the folder is empty); await `waitReady` before use. */
export function newPglite(dataDir: string): PGlite {
  return new PGlite(dataDir, { startParams: [...PGLITE_START_PARAMS] });
}
