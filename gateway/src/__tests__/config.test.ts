import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@platform/service-kit/config';
import { loadGatewayConfig } from '../config.js';
import { gatewayEnv } from './helpers/peers.js';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const URLS = {
  auth: 'http://auth:4001',
  course: 'http://course:4002/',
  consultation: 'http://consultation:4003',
  payment: 'http://payment:4004',
  revenue: 'http://revenue:4005',
  notification: 'http://notification:4006',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadGatewayConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('gateway configuration', () => {
  it('applies the defaults', () => {
    const config = loadGatewayConfig({ INTERNAL_TOKEN_SECRET: 'x'.repeat(32), ...upper(URLS) });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      UPSTREAM_TIMEOUT_MS: 30_000,
      SESSION_CACHE_MS: 3_000,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      COURSE_SERVICE_URL: 'http://course:4002',
      SHELL_DIR: path.join(repoDir, 'shell', 'dist'),
      MFE_PUBLIC_DIR: path.join(repoDir, 'mfe-public', 'dist'),
      MFE_MEMBER_DIR: path.join(repoDir, 'mfe-member', 'dist'),
      MFE_ADMIN_DIR: path.join(repoDir, 'mfe-admin', 'dist'),
    });
    expect(config.SHELL_ORIGIN).toBeUndefined();
  });

  it('names every missing required variable', () => {
    const message = problemsOf({ COURSE_SERVICE_URL: URLS.course });
    for (const variable of [
      'INTERNAL_TOKEN_SECRET',
      'AUTH_SERVICE_URL',
      'CONSULTATION_SERVICE_URL',
      'PAYMENT_SERVICE_URL',
      'REVENUE_SERVICE_URL',
      'NOTIFICATION_SERVICE_URL',
    ]) {
      expect(message).toContain(variable);
    }
    expect(message).not.toContain('COURSE_SERVICE_URL');
  });

  it('refuses a short secret, a service address that is not a URL and a bad timeout', () => {
    const message = problemsOf(
      gatewayEnv(URLS, {
        INTERNAL_TOKEN_SECRET: 'short',
        PAYMENT_SERVICE_URL: 'payment:4004',
        UPSTREAM_TIMEOUT_MS: '-1',
      }),
    );
    expect(message).toContain('INTERNAL_TOKEN_SECRET: must be at least 32 characters');
    expect(message).toContain('PAYMENT_SERVICE_URL: must be an http(s) URL');
    expect(message).toContain('UPSTREAM_TIMEOUT_MS');
  });
});

function upper(urls: typeof URLS): Record<string, string> {
  return Object.fromEntries(
    Object.entries(urls).map(([name, url]) => [`${name.toUpperCase()}_SERVICE_URL`, url]),
  );
}
