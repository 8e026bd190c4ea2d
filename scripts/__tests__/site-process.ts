/** The embedded site as a process of its own, for the tests that stop it and start it again on its data. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startNode, type StartedProcess } from './helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A site on a data folder and a free port of its own: `start` runs a script from the repository's root and
 * waits for it to say where it runs, `stop` signals it and waits for its exit, `remove` stops what still runs
 * and deletes the data folder.
 */
export class SiteProcess {
  /** The running process, between `start` and `stop`. */
  running: StartedProcess | undefined;

  private constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {}

  /** A new empty data folder (its name starts with `prefix`) and a free port. */
  static async create(prefix: string): Promise<SiteProcess> {
    return new SiteProcess(await mkdtemp(path.join(tmpdir(), prefix)), await freePort());
  }

  /**
   * Runs `node <args>` with `env` and the site's PORT, DATA_DIR and LOG_LEVEL=warn; resolves with the
   * address the site printed once it runs.
   */
  async start(args: string[], env: Record<string, string | undefined>, timeoutMs: number): Promise<string> {
    this.running = startNode(
      args,
      { ...env, PORT: String(this.port), DATA_DIR: this.dataDir, LOG_LEVEL: 'warn' },
      root,
    );
    const [, printed] = await this.running.waitFor(/running at (http:\/\/\S+)/, timeoutMs);
    return printed!;
  }

  /** Sends `signal`; resolves with the exit code and how long the process took to exit. */
  async stop(signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }> {
    const running = this.running!;
    const signalled = Date.now();
    running.child.kill(signal);
    const [code] = await running.exit;
    this.running = undefined;
    return { code, ms: Date.now() - signalled };
  }

  /** Stops the process with `signal` if it still runs, then deletes the data folder. */
  async remove(signal: NodeJS.Signals): Promise<void> {
    if (this.running) await this.stop(signal);
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
