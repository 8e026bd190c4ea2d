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
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';

export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];

let baselineCompilerOnly = false;

/**
 * PGlite's WebAssembly (PostgreSQL itself, about 8 MB of code) is compiled by V8's baseline compiler,
 * Liftoff, only (docs/decisions.md, 64). By default V8 also recompiles every function that runs often
 * with its optimising compiler, TurboFan, on the same two cores, while the site starts and migrates:
 * measured side by side on this 2-core machine, `npm start` on fresh data was ready in 13.0-13.1 s (20 s
 * of CPU, 390-420 MB resident) against 9.4-9.8 s (12 s of CPU, about 315 MB) with Liftoff only, a restart
 * 4.7 s against 2.8-3.4 s; the catalogue reads served afterwards, under load, within the runs' spread
 * (106-110 against 112-114 req/s on /api/products, 66-70 against 66-77 on /api/course-preview).
 * V8's flags are the process's: the setting reaches the worker threads that run initdb too, and touches
 * no other code (PGlite is the only WebAssembly our processes run). Called before any PGlite starts.
 */
export function useBaselineWasmCompiler(): void {
  if (baselineCompilerOnly) return;
  v8.setFlagsFromString('--liftoff-only');
  baselineCompilerOnly = true;
}

/** A PGlite on `dataDir` (initdb runs first when the folder is empty); await `waitReady` before use. */
export function newPglite(dataDir: string): PGlite {
  useBaselineWasmCompiler();
  return new PGlite(dataDir, { startParams: [...PGLITE_START_PARAMS] });
}
