/**
 * Per-address limits hold through the real gateway: the real consultation service counts contact
 * messages per client address, clients connect from different loopback addresses (127.0.0.x) as other
 * machines would, and a made-up X-Forwarded-For changes nothing unless TRUSTED_PROXIES names the hop.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { consultationService, type ConsultationConfig } from '@platform/consultation';
import { loadGatewayConfig, startGateway, type RunningGateway } from '@platform/gateway';
import { SERVICE_NAMES } from '@platform/contracts/services';
import { startService, type RunningService } from '@platform/service-kit/runtime';
import { pino } from 'pino';
import { freePort } from './helpers.js';

const SECRET = randomBytes(32).toString('hex');
const MESSAGE = JSON.stringify({
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@casa-silva.com',
  subject: 'other',
  message: 'Just checking that you got my earlier note.',
});

let dataDir: string;
let consultation: RunningService<ConsultationConfig>;
let direct: RunningGateway;
let behindProxy: RunningGateway;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'client-address-'));
  consultation = await startService(consultationService, {
    env: {
      DATA_DIR: dataDir,
      INTERNAL_TOKEN_SECRET: SECRET,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CONTACT_MESSAGES_PER_HOUR: '2',
    },
    port: 0,
    host: '127.0.0.1',
    logger: pino({ level: 'silent' }),
  });
  // Only consultation answers; every other service is a port where nothing listens.
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  const env = {
    ...Object.fromEntries(
      SERVICE_NAMES.map((name) => [
        `${name.toUpperCase()}_SERVICE_URL`,
        name === 'consultation' ? consultation.url : nowhere,
      ]),
    ),
    INTERNAL_TOKEN_SECRET: SECRET,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
  };
  direct = await startGateway(loadGatewayConfig(env));
  behindProxy = await startGateway(loadGatewayConfig({ ...env, TRUSTED_PROXIES: '127.0.0.20' }));
});

afterAll(async () => {
  await direct?.close();
  await behindProxy?.close();
  await consultation?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** A contact message sent from a socket bound to `from`, with whatever forwarding headers it claims. */
function sendContact(gateway: RunningGateway, from: string, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      `${gateway.url}/api/contact`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(MESSAGE);
  });
}

describe('per-address limits through the gateway', () => {
  it('count the address the client connects from, whatever X-Forwarded-For it makes up', async () => {
    const statuses = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      statuses.push(
        await sendContact(direct, '127.0.0.2', {
          'x-forwarded-for': `203.0.113.${attempt}`,
          'x-real-ip': `198.51.100.${attempt}`,
          forwarded: `for=192.0.2.${attempt}`,
        }),
      );
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    // Another address has its own allowance.
    expect(await sendContact(direct, '127.0.0.3', { 'x-forwarded-for': '203.0.113.1' })).toBe(200);
  });

  it('honour the address a trusted proxy forwards, one allowance per forwarded client', async () => {
    const viaProxy = (client: string) =>
      sendContact(behindProxy, '127.0.0.20', { 'x-forwarded-for': `203.0.113.77, ${client}` });
    expect(await viaProxy('198.51.100.10')).toBe(200);
    expect(await viaProxy('198.51.100.10')).toBe(200);
    expect(await viaProxy('198.51.100.10')).toBe(429);
    expect(await viaProxy('198.51.100.11')).toBe(200);
  });

  it('ignore X-Forwarded-For from a client that is not the trusted proxy', async () => {
    const statuses = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      statuses.push(
        await sendContact(behindProxy, '127.0.0.21', { 'x-forwarded-for': `192.0.2.${attempt}` }),
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
