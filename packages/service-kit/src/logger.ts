import { pino, type DestinationStream, type Logger, type LoggerOptions, type LevelWithSilent } from 'pino';
import { traceLogFields } from './runtime/tracing.js';

export type { Logger };

/**
 * JSON lines, one per event, in production and tests. `LOG_PRETTY=true` (set by `npm run dev`) prints
 * them readably instead, through pino-pretty in a worker thread.
 */
export function createLogger(options: {
  service: string;
  level?: LevelWithSilent;
  pretty?: boolean;
  /** Where the lines go (default: standard output). */
  destination?: DestinationStream;
}): Logger {
  const pretty = options.pretty ?? process.env.LOG_PRETTY === 'true';
  const settings: LoggerOptions = {
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              colorize: true,
              singleLine: true,
              translateTime: 'SYS:HH:MM:ss.l',
              ignore: 'pid,hostname,name',
            },
          },
        }
      : {}),
    name: options.service,
    level: options.level ?? 'info',
    base: { service: options.service },
    // The trace and span of the work the line is about, when there is one (runtime/tracing.ts).
    mixin: traceLogFields,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-internal-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
