/**
 * A debug-level pino logger whose JSON lines land in `logs`, parsed, so a test can look for what a
 * service under test logged.
 */
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

export type CapturedLogs = { logger: Logger; logs: Record<string, unknown>[] };

export function captureLogs(): CapturedLogs {
  const logs: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
        callback();
      },
    }),
  );
  return { logger, logs };
}
