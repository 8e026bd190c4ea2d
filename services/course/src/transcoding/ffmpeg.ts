/**
 * Runs the ffmpeg and ffprobe that ship inside npm packages (`@ffmpeg-installer/ffmpeg`,
 * `@ffprobe-installer/ffprobe`: static builds, nothing to install on the machine). A run keeps only the
 * tail of what the tool says on stderr (for the error), reads ffmpeg's progress lines as they come, runs
 * at a lower CPU priority than the site, and is killed when its signal aborts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);

export interface Binaries {
  ffmpeg: string;
  ffprobe: string;
}

let binaries: Binaries | undefined;

/**
 * The binaries' paths, resolved on first use: a platform the packages do not cover fails the
 * transcoding (the item's error says why), not the service's start.
 */
export function mediaBinaries(): Binaries {
  binaries ??= {
    ffmpeg: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    ffprobe: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
  };
  return binaries;
}

/** Below the site's own processes: a transcode must not slow page loads down. */
const TRANSCODE_NICENESS = 10;
const STDERR_TAIL_CHARS = 2_000;

export class MediaToolError extends Error {
  constructor(
    readonly tool: string,
    message: string,
  ) {
    super(message);
    this.name = 'MediaToolError';
  }
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Each stdout line as it comes (ffmpeg's `-progress pipe:1`); stdout is otherwise collected. */
  onLine?: (line: string) => void;
  /** The child once spawned (the benchmark samples its memory). */
  onSpawn?: (child: ChildProcess) => void;
}

/** Runs a tool to completion; answers its stdout (unless `onLine` took it). Throws with stderr's tail. */
export function runMediaTool(binary: string, args: string[], options: RunOptions = {}): Promise<string> {
  const { signal, onLine, onSpawn } = options;
  const tool = binary.split(/[\\/]/).pop() ?? binary;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new Error(`${tool} was stopped`));
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      if (child.pid) setPriority(child.pid, TRANSCODE_NICENESS);
    } catch {
      // Not allowed here (some containers): it runs at normal priority.
    }
    onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    if (onLine) createInterface({ input: child.stdout }).on('line', onLine);
    else child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    child.once('error', (error) => {
      signal?.removeEventListener('abort', abort);
      reject(new MediaToolError(tool, `${tool} could not start: ${error.message}`));
    });
    child.once('close', (code, killedBy) => {
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) {
        reject(signal.reason instanceof Error ? signal.reason : new Error(`${tool} was stopped`));
      } else if (code === 0) {
        resolve(stdout);
      } else {
        const said = stderr.trim().split('\n').slice(-3).join(' | ');
        const how = killedBy ? `was killed (${killedBy})` : `exited with ${code}`;
        reject(new MediaToolError(tool, `${tool} ${how}${said ? `: ${said}` : ''}`));
      }
    });
  });
}
