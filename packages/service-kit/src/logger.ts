import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

export function createLogger(options: { service: string; level?: LevelWithSilent }): Logger {
  return pino({
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
