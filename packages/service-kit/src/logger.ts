import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

/**
 * JSON lines, one per event, in production and tests. `LOG_PRETTY=true` (set by `npm run dev`) prints
 * them readably instead, through pino-pretty in a worker thread.
 */
export function createLogger(options: {
  service: string;
  level?: LevelWithSilent;
  pretty?: boolean;
}): Logger {
  const pretty = options.pretty ?? process.env.LOG_PRETTY === 'true';
  return pino({
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
  });
}
