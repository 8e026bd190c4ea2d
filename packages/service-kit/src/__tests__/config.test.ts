import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ConfigError, envPort, loadConfig } from '../config.js';
import { serviceConfigSchema } from '../runtime/service.js';

const schema = z.object({
  PORT: envPort.default(4000),
  SECRET: z.string().min(32),
  MODE: z.enum(['a', 'b']).default('a'),
});

describe('loadConfig', () => {
  it('applies defaults and coerces numbers', () => {
    expect(loadConfig(schema, { SECRET: 'x'.repeat(32) })).toEqual({
      PORT: 4000,
      SECRET: 'x'.repeat(32),
      MODE: 'a',
    });
    expect(loadConfig(schema, { SECRET: 'x'.repeat(32), PORT: '8080' }).PORT).toBe(8080);
  });

  it('names a missing required variable', () => {
    expect(() => loadConfig(schema, {})).toThrow(ConfigError);
    expect(() => loadConfig(schema, {})).toThrow(/SECRET is required but not set/);
  });

  it('names an invalid variable and why', () => {
    expect(() => loadConfig(schema, { SECRET: 'short', PORT: 'eighty' })).toThrow(/SECRET: .*32/);
    expect(() => loadConfig(schema, { SECRET: 'short', PORT: 'eighty' })).toThrow(/PORT: /);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig(schema, { SECRET: 'x'.repeat(32), PORT: '' }).PORT).toBe(4000);
  });
});

describe('service config schema', () => {
  const auth = serviceConfigSchema('auth', 4001, {});
  const secret = { INTERNAL_TOKEN_SECRET: 's'.repeat(40) };

  it('gives each service its own port and database URL variable', () => {
    const config = loadConfig(auth, { ...secret, AUTH_DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.PORT).toBe(4001);
    expect(config.AUTH_DATABASE_URL).toBe('postgres://u@h:5432/db');
    expect(loadConfig(serviceConfigSchema('notification', 4006, {}), secret).PORT).toBe(4006);
  });

  it('refuses a database URL that is not PostgreSQL', () => {
    expect(() => loadConfig(auth, { ...secret, AUTH_DATABASE_URL: 'mongodb://h/db' })).toThrow(
      /AUTH_DATABASE_URL/,
    );
  });

  it('requires the S3 keys once an S3 endpoint is set', () => {
    expect(() => loadConfig(auth, { ...secret, S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_ACCESS_KEY[\s\S]*S3_SECRET_KEY/,
    );
  });

  it('requires the internal secret', () => {
    expect(() => loadConfig(auth, {})).toThrow(/INTERNAL_TOKEN_SECRET is required/);
  });
});
