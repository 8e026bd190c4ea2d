/** Environment variables parsed with zod at start; a bad setting stops the process naming the variable. */
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export function loadConfig<TSchema extends z.ZodObject>(
  schema: TSchema,
  env: Env = process.env,
): z.infer<TSchema> {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    const present = typeof issue.path[0] === 'string' && cleaned[issue.path[0]] !== undefined;
    return present
      ? `${variable}: ${issue.message}`
      : `${variable} is required but not set (${issue.message})`;
  });
  throw new ConfigError(problems);
}

/** Helpers for the settings every process shares. */
export const envBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const envPort = z.coerce.number().int().min(0).max(65535);

/** An http(s) address, its trailing slashes trimmed; the message names `example`. */
export const envHttpUrl = (example: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${example}` })
    .transform((value) => value.replace(/\/+$/, ''));

/** `PUBLIC_BASE_URL`: the site's address as its users reach it; `description` says what the service makes of it. */
export const publicBaseUrlSetting = (description: string) =>
  envHttpUrl('https://example.com').default('http://localhost:3000').describe(description);

export const LogLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export const internalSecret = z
  .string()
  .min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)');

/** Settings the gateway and every service read alike. */
export const nodeEnvSetting = z
  .enum(['development', 'production', 'test'])
  .default('development')
  .describe('`development`, `production` or `test`');

export const shutdownTimeoutSetting = z.coerce
  .number()
  .int()
  .positive()
  .default(10_000)
  .describe('longest a graceful stop waits for requests in flight');

export const otlpEndpointSetting = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://otel-collector:4318' })
  .optional()
  .describe('OpenTelemetry collector (OTLP over HTTP) that receives the traces; unset: none are exported');

/** Settings read by every service (each service adds its own database URL variable). */
export const baseServiceEnvShape = {
  NODE_ENV: nodeEnvSetting,
  HOST: z.string().default('0.0.0.0').describe('listen address (the embedded mode: `127.0.0.1`)'),
  LOG_LEVEL: LogLevelSchema.default('info').describe('pino level (`silent` to mute)'),
  DATA_DIR: z
    .string()
    .default('./data')
    .describe('PGlite data (`db/site`) and the local file store (`objects/`)'),
  INTERNAL_TOKEN_SECRET: internalSecret.describe(
    "shared secret of the gateway's internal token, 32+ characters (the embedded mode: random per start)",
  ),
  NATS_URL: z
    .string()
    .url('must be a URL such as nats://127.0.0.1:4222')
    .optional()
    .describe('NATS server with JetStream; unset: the in-process bus'),
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
    .default('PLATFORM')
    .describe('JetStream stream (dead letters in `<stream>_DLQ`)'),
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/, 'lowercase letters, digits, - and _ only')
    .default('platform')
    .describe('subjects are `<prefix>.events.<type>` and `<prefix>.deadletter.<consumer>`'),
  S3_ENDPOINT: z
    .string()
    .url('must be a URL such as http://minio:9000')
    .optional()
    .describe('S3 API endpoint, e.g. `http://minio:9000`; unset: the local folder'),
  S3_PUBLIC_ENDPOINT: z
    .string()
    .url('must be a URL such as http://localhost:9000')
    .optional()
    .describe(
      "the store's address as browsers reach it, when not `S3_ENDPOINT` (presigned URLs are signed for it)",
    ),
  S3_ACCESS_KEY: z.string().optional().describe('S3 access key (required with `S3_ENDPOINT`)'),
  S3_SECRET_KEY: z.string().optional().describe('S3 secret key (required with `S3_ENDPOINT`)'),
  S3_BUCKET: z.string().default('platform').describe('bucket, created when missing'),
  S3_REGION: z.string().default('us-east-1').describe('S3 region'),
  SHUTDOWN_TIMEOUT_MS: shutdownTimeoutSetting,
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpointSetting,
  METRICS_PORT: envPort
    .optional()
    .describe(
      'private port of the Prometheus metrics (`/metrics`), never exposed through the gateway; unset: none',
    ),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a URL such as redis://redis:6379' })
    .optional()
    .describe(
      'where auth and consultation count their request limits: Redis when set (shared by every replica, ' +
        "the database standing in while it does not answer), else each service's own database",
    ),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]+$/, 'letters, digits, :, - and _ only')
    .optional()
    .describe("prefix of the service's Redis keys; unset: the service's name"),
} as const;
