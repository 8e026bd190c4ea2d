/**
 * Every PGlite the kit opens starts here, with the same settings (docs/decisions.md, 60).
 *
 * PGlite's data folders keep initdb's `shared_buffers = 128MB`. At every start PostgreSQL maps its shared
 * memory and PGlite's WebAssembly build zeroes all of it byte by byte: CPU and resident memory spent at
 * every open on a buffer pool the embedded site never fills (its tables hold thousands of rows, and the
 * files behind them stay in the operating system's cache). The setting is passed at each start rather than
 * written into postgresql.conf, so folders made before it get it too.
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
 * with its optimising compiler, TurboFan, on the same cores, while the site starts and migrates: with
 * Liftoff only the site starts sooner on less CPU and memory, and serves as fast once started.
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
