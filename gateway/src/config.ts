/** The gateway's settings, read from the environment and validated with zod at start. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  envBoolean,
  envHttpUrl,
  envPort,
  internalSecret,
  loadConfig,
  LogLevelSchema,
  nodeEnvSetting,
  otlpEndpointSetting,
  shutdownTimeoutSetting,
  type Env,
} from '@platform/service-kit/config';
import { z } from 'zod';
import type { ServiceName } from './routes.js';
import { compileTrustedProxies } from './security/client-address.js';

// src/ (or dist/ once built) sits one level below the gateway package, which sits at the repository root.
const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(gatewayDir, '..');

const frontEndDir = (defaultDir: string) =>
  z
    .string()
    .default(defaultDir)
    .transform((value) => path.resolve(value));

const frontEndOrigin = envHttpUrl('http://mfe-public:8080').optional();

const positiveMs = z.coerce.number().int().positive();

/** Comma-separated addresses, CIDR ranges or proxy-addr's names (`loopback`, `uniquelocal`, ...). */
const trustedProxies = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .superRefine((entries, context) => {
    try {
      compileTrustedProxies(entries);
    } catch (error) {
      context.addIssue({
        code: 'custom',
        message: `must list IP addresses or CIDR ranges such as 10.0.0.0/8 (${error instanceof Error ? error.message : String(error)})`,
      });
    }
  });

const serviceUrlOf = (name: string, example: string) =>
  envHttpUrl(example).describe(`where the ${name} service listens (the embedded mode: set by the runner)`);

const frontEndDirOf = (folder: string) =>
  frontEndDir(path.join(repoDir, folder, 'dist')).meta({
    description: `the built ${folder} served from disk`,
    default: `\`${folder}/dist\``,
  });

const frontEndOriginOf = (folder: string) =>
  frontEndOrigin.describe(
    `when set, ${folder} is proxied to its own server (docker-compose) instead of its folder`,
  );

export const gatewayConfigSchema = z.object({
  NODE_ENV: nodeEnvSetting,
  HOST: z.string().default('0.0.0.0').describe('listen address'),
  PORT: envPort.default(3000).describe("the site's port"),
  LOG_LEVEL: LogLevelSchema.default('info').describe('pino level (`silent` to mute)'),
  INTERNAL_TOKEN_SECRET: internalSecret.describe(
    'shared secret of the internal token the services check, 32+ characters (the embedded mode: random per start)',
  ),
  AUTH_SERVICE_URL: serviceUrlOf('auth', 'http://auth:4001'),
  COURSE_SERVICE_URL: serviceUrlOf('course', 'http://course:4002'),
  CONSULTATION_SERVICE_URL: serviceUrlOf('consultation', 'http://consultation:4003'),
  PAYMENT_SERVICE_URL: serviceUrlOf('payment', 'http://payment:4004'),
  REVENUE_SERVICE_URL: serviceUrlOf('revenue', 'http://revenue:4005'),
  NOTIFICATION_SERVICE_URL: serviceUrlOf('notification', 'http://notification:4006'),
  UPSTREAM_TIMEOUT_MS: positiveMs
    .default(30_000)
    .describe('a service silent (no bytes either way) for this long gives `504`'),
  SESSION_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(3_000)
    .describe('how long a resolved session is reused for the same cookie; `0` turns the cache off'),
  SHELL_DIR: frontEndDirOf('shell'),
  MFE_PUBLIC_DIR: frontEndDirOf('mfe-public'),
  MFE_MEMBER_DIR: frontEndDirOf('mfe-member'),
  MFE_ADMIN_DIR: frontEndDirOf('mfe-admin'),
  SHELL_ORIGIN: frontEndOriginOf('the shell'),
  MFE_PUBLIC_ORIGIN: frontEndOriginOf('mfe-public'),
  MFE_MEMBER_ORIGIN: frontEndOriginOf('mfe-member'),
  MFE_ADMIN_ORIGIN: frontEndOriginOf('mfe-admin'),
  FRONT_END_REFRESH_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5_000)
    .describe(
      "with `*_ORIGIN`: how long what a front end's server publishes (route lists, manifests) is reused before it is " +
        'fetched again (`0`: every page); folders are re-read when a file changes',
    ),
  SHUTDOWN_TIMEOUT_MS: shutdownTimeoutSetting,
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpointSetting,
  METRICS_PORT: envPort
    .optional()
    .describe(
      'private port of the Prometheus metrics (`/metrics`; the embedded mode: every service of the process); unset: none',
    ),
  MAX_IN_FLIGHT: z.coerce
    .number()
    .int()
    .min(0)
    .default(256)
    .describe(
      'requests being answered at once beyond which a new one gets `503` with `Retry-After` at once (load ' +
        'shedding; the health checks are never refused); `0` turns it off',
    ),
  MAX_IN_FLIGHT_PER_CLIENT: z.coerce
    .number()
    .int()
    .min(0)
    .default(64)
    .describe(
      'the same for one client address (an IPv6 client by its /64), so one client cannot take every place; `0`: no limit per client',
    ),
  RETRY_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(2)
    .describe(
      'what `Retry-After` says on a `503` for overload (shedding, or a session lookup that could not be made)',
    ),
  TRUSTED_PROXIES: trustedProxies.describe(
    'comma-separated addresses or CIDR ranges (or `loopback`, `linklocal`, `uniquelocal`) of proxies in front ' +
      "of the gateway whose `X-Forwarded-For` is believed; empty: the socket's peer is the client " +
      '(see `gateway/README.md`)',
  ),
  COOKIE_SECURE: envBoolean
    .optional()
    .describe('the site is served over HTTPS: `Strict-Transport-Security` is sent; unset: on in production'),
  S3_ENDPOINT: z
    .url({ error: 'must be a URL such as http://minio:9000' })
    .optional()
    .describe(
      'the object store as the services read it; the Content-Security-Policy allows its images and media',
    ),
  S3_PUBLIC_ENDPOINT: z
    .url({ error: 'must be a URL such as http://localhost:9000' })
    .optional()
    .describe('the object store as browsers reach it (presigned URLs), when not `S3_ENDPOINT`'),
  // docs/decisions.md, 52
  MEDIA_OBJECTS_DIR: z
    .string()
    .transform((value) => path.resolve(value))
    .optional()
    .describe(
      "the course service's local object folder: `GET`/`HEAD /api/media/*` sends the files its signed " +
        'addresses name; the embedded mode sets it; unset, that path is not served',
    ),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** Throws `ConfigError` naming every missing or invalid variable. */
export function loadGatewayConfig(env: Env = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}

const SERVICE_URL_KEYS = {
  auth: 'AUTH_SERVICE_URL',
  course: 'COURSE_SERVICE_URL',
  consultation: 'CONSULTATION_SERVICE_URL',
  payment: 'PAYMENT_SERVICE_URL',
  revenue: 'REVENUE_SERVICE_URL',
  notification: 'NOTIFICATION_SERVICE_URL',
} as const satisfies Record<ServiceName, keyof GatewayConfig>;

export function getServiceUrl(config: GatewayConfig, service: ServiceName): string {
  return config[SERVICE_URL_KEYS[service]];
}
