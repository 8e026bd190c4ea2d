/**
 * A Node process a test starts and reads: every line it prints (stdout and stderr) as printed and parsed
 * (a JSON log line, or `{ text }`), and a wait for the first line a test looks for, printed before or after
 * the call, that fails with the last lines when the process exits first or the time runs out.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';

export type LogLine = Record<string, unknown> & { msg?: string; text?: string };

export interface WatchedProcess {
  process: ChildProcess;
  /** Every line, as printed. */
  output: string[];
  /** Every line parsed: the JSON object, or `{ text }` when the line is not JSON. */
  lines: LogLine[];
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  waitFor(
    match: (line: LogLine, text: string) => boolean,
    what: string,
    timeoutMs?: number,
  ): Promise<LogLine>;
}

function parse(text: string): LogLine {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as LogLine;
  } catch {
    // not a log line
  }
  return { text };
}

export function startWatchedProcess(
  args: string[],
  options: { env: Record<string, string | undefined>; cwd: string },
): WatchedProcess {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  for (const stream of [child.stdout!, child.stderr!]) {
    readline.createInterface({ input: stream }).on('line', (text) => {
      output.push(text);
      lines.push(parse(text));
      for (const wake of [...waiters]) wake();
    });
  }
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const find = (match: (line: LogLine, text: string) => boolean) =>
    lines.find((line, index) => match(line, output[index]!));
  const lastLines = () => output.slice(-30).join('\n');

  return {
    process: child,
    output,
    lines,
    exited,
    waitFor: (match, what, timeoutMs = 120_000) =>
      new Promise((resolve, reject) => {
        const settle = (error: Error | null, line?: LogLine) => {
          waiters.delete(check);
          clearTimeout(timer);
          if (error) reject(error);
          else resolve(line!);
        };
        const check = () => {
          const found = find(match);
          if (found) settle(null, found);
        };
        const timer = setTimeout(
          () => settle(new Error(`no ${what} within ${timeoutMs} ms; last lines:\n${lastLines()}`)),
          timeoutMs,
        );
        waiters.add(check);
        void exited.then(([code]) => {
          if (!waiters.has(check)) return;
          // Lines printed just before the exit are read before this runs.
          const found = find(match);
          if (found) settle(null, found);
          else settle(new Error(`the process exited (${code}) before ${what}; last lines:\n${lastLines()}`));
        });
        check();
      }),
  };
}
