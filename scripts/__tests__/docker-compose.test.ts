/**
 * No Docker engine runs where this project is built and tested, so this keeps docker-compose.yml honest:
 * every variable it sets is one the process reads, every required one is set, ports and URLs agree.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import type { z } from 'zod';
import { authConfigSchema } from '@platform/auth';
import { courseConfigSchema } from '@platform/course';
import { consultationConfigSchema } from '@platform/consultation';
import { paymentConfigSchema } from '@platform/payment';
import { revenueConfigSchema } from '@platform/revenue';
import { notificationConfigSchema } from '@platform/notification';
import { gatewayConfigSchema } from '@platform/gateway';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  build?: { dockerfile?: string; args?: Record<string, string> };
  ports?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
}

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

const nodeProcesses: Record<string, { schema: z.ZodObject; entry: string }> = {
  auth: { schema: authConfigSchema, entry: 'services/auth/dist/main.js' },
  course: { schema: courseConfigSchema, entry: 'services/course/dist/main.js' },
  consultation: { schema: consultationConfigSchema, entry: 'services/consultation/dist/main.js' },
  payment: { schema: paymentConfigSchema, entry: 'services/payment/dist/main.js' },
  revenue: { schema: revenueConfigSchema, entry: 'services/revenue/dist/main.js' },
  notification: { schema: notificationConfigSchema, entry: 'services/notification/dist/main.js' },
  gateway: { schema: gatewayConfigSchema, entry: 'gateway/dist/main.js' },
};

function requiredKeys(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key);
}

function envOf(name: string): Record<string, string> {
  const service = compose.services[name];
  if (!service) throw new Error(`docker-compose.yml has no service ${name}`);
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, String(v)]));
}

describe('docker-compose.yml', () => {
  it('runs PostgreSQL, NATS, MinIO, an SMTP catcher, Redis, every service, the gateway and each front end', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [
        'postgres',
        'nats',
        'minio',
        'mailpit',
        'redis',
        'auth',
        'course',
        'consultation',
        'payment',
        'revenue',
        'notification',
        'gateway',
        'shell',
        'mfe-public',
        'mfe-member',
        'mfe-admin',
      ].sort(),
    );
  });

  it.each(Object.entries(nodeProcesses))(
    '%s sets only variables its config schema reads',
    (name, { schema }) => {
      const unknown = Object.keys(envOf(name)).filter((key) => !(key in schema.shape));
      expect(unknown).toEqual([]);
    },
  );

  it.each(Object.entries(nodeProcesses))('%s sets every required variable', (name, { schema }) => {
    const env = envOf(name);
    const missing = requiredKeys(schema).filter((key) => !(key in env));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(nodeProcesses))('%s starts its own entry point', (name, { entry }) => {
    expect(compose.services[name]?.command).toEqual([entry]);
  });

  it.each(Object.entries(nodeProcesses))('%s has settings its config schema accepts', (name, { schema }) => {
    // As Compose fills them with nothing set in .env: ${X:-default} → default, ${X:-} → '' (which the
    // config loader treats as unset); ${X:?…} must be set by the operator, so a valid stand-in is used.
    const env = Object.fromEntries(
      Object.entries(envOf(name))
        .map(([k, v]) => [k, substituteUnsetVariable(v)] as const)
        .filter(([, v]) => v !== ''),
    );
    const result = schema.safeParse(env);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it('the gateway reaches each service on the port that service listens on', () => {
    const gateway = envOf('gateway');
    for (const name of ['auth', 'course', 'consultation', 'payment', 'revenue', 'notification']) {
      expect(gateway[`${name.toUpperCase()}_SERVICE_URL`]).toBe(`http://${name}:${envOf(name).PORT}`);
    }
  });

  it('services that keep files are given the S3 settings, and every service its own database URL', () => {
    for (const name of ['course', 'consultation']) {
      expect(envOf(name)).toMatchObject({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'platform' });
    }
    for (const name of ['auth', 'course', 'consultation', 'payment', 'revenue', 'notification']) {
      expect(envOf(name)[`${name.toUpperCase()}_DATABASE_URL`]).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    }
  });

  it('the services with request limits (auth, consultation) share them through the Redis service', () => {
    for (const name of ['auth', 'consultation']) {
      expect(envOf(name).REDIS_URL).toBe('redis://redis:6379');
      expect(compose.services[name]?.depends_on).toMatchObject({ redis: { condition: 'service_started' } });
    }
    expect(compose.services.redis).toBeDefined();
  });

  it('each front end has its own container, and the gateway proxies to it', () => {
    const gateway = envOf('gateway');
    for (const name of ['mfe-public', 'mfe-member', 'mfe-admin']) {
      // Remotes serve their build at their root and never fall back to an HTML page.
      expect(compose.services[name]?.build).toMatchObject({
        dockerfile: 'Dockerfile.web',
        args: { APP: name, SPA_FALLBACK: '=404' },
      });
      expect(gateway[`MFE_${name.slice(4).toUpperCase()}_ORIGIN`]).toBe(`http://${name}:8080`);
    }
    expect(compose.services.shell?.build).toMatchObject({
      dockerfile: 'Dockerfile.web',
      args: { APP: 'shell', SPA_FALLBACK: '/index.html' },
    });
    expect(gateway.SHELL_ORIGIN).toBe('http://shell:8080');
  });
});

function substituteUnsetVariable(value: string): string {
  const match = /^\$\{[A-Z0-9_]+(?::([-?])(.*))?\}$/.exec(value);
  if (!match) return value;
  return match[1] === '-' ? (match[2] ?? '') : match[1] === '?' ? 'x'.repeat(64) : '';
}
