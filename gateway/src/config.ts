/** The gateway's settings, read from the environment and validated with zod at start. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  envBoolean,
  envPort,
  internalSecret,
  loadConfig,
  LogLevelSchema,
  type Env,
} from '@platform/service-kit';
import { z } from 'zod';
import type { ServiceName } from './routes.js';
import { compileTrustedProxies } from './security/client-address.js';

// src/ (or dist/ once built) sits one level below the gateway package, which sits at the repository root.
const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(gatewayDir, '..');

const serviceUrl = (example: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${example}` })
    .transform((value) => value.replace(/\/+$/, ''));

const frontEndDir = (defaultDir: string) =>
  z
    .string()
    .default(defaultDir)
    .transform((value) => path.resolve(value));

const frontEndOrigin = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://mfe-public:8080' })
  .transform((value) => value.replace(/\/+$/, ''))
  .optional();

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

export const gatewayConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: envPort.default(3000),
  LOG_LEVEL: LogLevelSchema.default('info'),
  INTERNAL_TOKEN_SECRET: internalSecret,
  AUTH_SERVICE_URL: serviceUrl('http://auth:4001'),
  COURSE_SERVICE_URL: serviceUrl('http://course:4002'),
  CONSULTATION_SERVICE_URL: serviceUrl('http://consultation:4003'),
  PAYMENT_SERVICE_URL: serviceUrl('http://payment:4004'),
  REVENUE_SERVICE_URL: serviceUrl('http://revenue:4005'),
  NOTIFICATION_SERVICE_URL: serviceUrl('http://notification:4006'),
  /** Upstream inactivity (no bytes either way) longer than this answers 504. */
  UPSTREAM_TIMEOUT_MS: positiveMs.default(30_000),
  /** How long a resolved session is reused for the same cookie. 0 turns the cache off. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).default(3_000),
  SHELL_DIR: frontEndDir(path.join(repoDir, 'shell', 'dist')),
  MFE_PUBLIC_DIR: frontEndDir(path.join(repoDir, 'mfe-public', 'dist')),
  MFE_MEMBER_DIR: frontEndDir(path.join(repoDir, 'mfe-member', 'dist')),
  MFE_ADMIN_DIR: frontEndDir(path.join(repoDir, 'mfe-admin', 'dist')),
  /** When set, that front end is proxied from its own server instead of served from its folder. */
  SHELL_ORIGIN: frontEndOrigin,
  MFE_PUBLIC_ORIGIN: frontEndOrigin,
  MFE_MEMBER_ORIGIN: frontEndOrigin,
  MFE_ADMIN_ORIGIN: frontEndOrigin,
  /**
   * How long what a front end's server publishes (route lists, manifests) is reused before it is fetched
   * again (`*_ORIGIN` only; folders are re-read when a file changes). 0 fetches it for every page.
   */
  FRONT_END_REFRESH_MS: z.coerce.number().int().min(0).default(5_000),
  SHUTDOWN_TIMEOUT_MS: positiveMs.default(10_000),
  /**
   * The proxies in front of the gateway (a load balancer, a CDN). Empty: the socket's peer is the client
   * and any X-Forwarded-For it sends is ignored.
   */
  TRUSTED_PROXIES: trustedProxies,
  /** As the auth service reads it: the site is served over HTTPS (default: on in production), so HSTS. */
  COOKIE_SECURE: envBoolean.optional(),
  /**
   * The object store as the services read it: browsers are redirected to presigned URLs on the public
   * address (else the endpoint), which the Content-Security-Policy must allow for images and media.
   */
  S3_ENDPOINT: z.url({ error: 'must be a URL such as http://minio:9000' }).optional(),
  S3_PUBLIC_ENDPOINT: z.url({ error: 'must be a URL such as http://localhost:9000' }).optional(),
  /**
   * The course service's local object folder (its DATA_DIR/objects), when the gateway can read it: then
   * `/api/media/*` sends the files the service's signed addresses name (docs/decisions.md, 52). The
   * embedded mode sets it; unset, that path is not served here.
   */
  MEDIA_OBJECTS_DIR: z
    .string()
    .transform((value) => path.resolve(value))
    .optional(),
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
