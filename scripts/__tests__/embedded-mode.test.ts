/**
 * `npm start` as a newcomer runs it: one process, gateway and six services, data under DATA_DIR, kept
 * across a restart, stopped cleanly by Ctrl-C. Runs the built output (scripts/test.mjs builds first).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@platform/service-kit/db';
import { signMediaUrl } from '@platform/service-kit/storage';
import { spoofedIdentityHeaders, statusOf } from './helpers.js';
import { SiteProcess } from './site-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVICES = ['auth', 'course', 'consultation', 'payment', 'revenue', 'notification'];
const SECRET = 'embedded-mode-test-secret-0123456789abcdef';

describe('embedded mode (npm start)', () => {
  let site: SiteProcess;
  let url: string;

  async function start(): Promise<void> {
    const printed = await site.start(
      ['scripts/start.mjs'],
      {
        ...process.env,
        NATS_URL: '',
        POSTGRES_URL: '',
        // Known here, so the test can sign a media address as the course service does.
        INTERNAL_TOKEN_SECRET: SECRET,
      },
      120_000,
    );
    url = printed.replace('localhost', '127.0.0.1');
  }

  async function stop(): Promise<number | null> {
    return (await site.stop('SIGINT')).code;
  }

  beforeAll(async () => {
    site = await SiteProcess.create('embedded-');
    await start();
  }, 180_000);

  afterAll(async () => {
    await site?.remove('SIGINT');
  });

  it('answers /healthz and reports all six services ready on /readyz', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const response = await fetch(`${url}/readyz`);
    const body = (await response.json()) as { status: string; services: Record<string, string> };
    expect(response.status).toBe(200);
    expect(body.status).toBe('ready');
    expect(Object.keys(body.services).sort()).toEqual([...SERVICES].sort());
    expect(Object.values(body.services).every((status) => status === 'ready')).toBe(true);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await fetch(`${url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers GET /api/auth/user with 401 whatever identity headers the caller sends', async () => {
    for (const headers of [{}, spoofedIdentityHeaders]) {
      const response = await fetch(`${url}/api/auth/user`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('sends lesson media from the course service’s folder at a signed address, and refuses a changed one', async () => {
    const address = signMediaUrl('course-media/free-preview-1.mp4', SECRET, {
      contentType: 'video/mp4',
      contentDisposition: 'inline',
      expiresInSeconds: 300,
    });
    const bundled = await readFile(path.join(root, 'services', 'course', 'media', 'free-preview-1.mp4'));
    const part = await fetch(`${url}${address}`, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await part.arrayBuffer()).equals(bundled.subarray(0, 100))).toBe(true);

    const changed = await fetch(`${url}${address.replace('type=video%2Fmp4', 'type=text%2Fhtml')}`);
    expect(changed.status).toBe(403);
    expect(await changed.json()).toEqual({ message: expect.any(String) });
  });

  it('sends the free previews from the course’s folder, public and with validators, and refuses a locked lesson’s file', async () => {
    const address = `${url}/api/demo-video/free-preview-1.mp4`;
    const whole = await fetch(address);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toBe('public, max-age=3600');
    // The gateway's weak tag (its sender's), where the course's own answer has a strong one.
    const etag = whole.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    const bytes = Buffer.from(await whole.arrayBuffer());
    const part = await fetch(address, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
    expect(await statusOf(address, { 'If-None-Match': etag })).toBe(304);
    const locked = await fetch(`${url}/api/demo-video/member-lesson.mp4`);
    expect(locked.status).toBe(404);
    expect(await locked.json()).toEqual({ message: 'Video not found' });
  });

  it('writes links in e-mails for the port it serves, not another', async () => {
    const [, adminPassword] = await site.running!.waitFor(/password: (\S+)/, 10_000);
    const signIn = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@localhost', password: adminPassword }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const owner = `owner-${site.port}@bluedoor-bistro.com`;
    const signUp = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ana', lastName: 'Lopez', email: owner, password: 'Restaurant!1' }),
    });
    expect(signUp.status).toBe(201);
    const forgot = await fetch(`${url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner }),
    });
    expect(forgot.status).toBe(200);
    let text = '';
    for (let tries = 0; tries < 100 && !text; tries += 1) {
      const list = (await (await fetch(`${url}/api/admin/mail`, { headers: { cookie } })).json()) as {
        messages: Array<{ to: string; template: string; text: string }>;
      };
      text =
        list.messages.find((message) => message.to === owner && /reset|password/.test(message.template))
          ?.text ?? '';
      if (!text) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(text).toContain(`http://localhost:${site.port}/`);
    expect(text).not.toMatch(/localhost:3000/);
  });

  it('stops cleanly on Ctrl-C and keeps its data across a restart', async () => {
    expect(await stop()).toBe(0);

    // Leave a mark in the auth database while the site is down …
    const auth = await openDatabase({
      schemaName: 'auth',
      dataDir: path.join(site.dataDir, 'db', 'auth'),
      migrationsFolder: path.join(root, 'services', 'auth', 'drizzle'),
    });
    await auth.db.execute(
      sql`insert into auth.inbox_events (event_id, consumer, type) values ('00000000-0000-4000-8000-000000000001', 'restart-test', 'platform.probe.recorded')`,
    );
    await auth.close();

    await start();
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect(await stop()).toBe(0);

    // … and find it again after a full start/stop cycle.
    const reopened = await openDatabase({
      schemaName: 'auth',
      dataDir: path.join(site.dataDir, 'db', 'auth'),
      migrationsFolder: path.join(root, 'services', 'auth', 'drizzle'),
    });
    const rows = await reopened.db.execute(
      sql`select consumer from auth.inbox_events where consumer = 'restart-test'`,
    );
    const migrations = await reopened.db.execute(
      sql`select count(*)::int as n from auth.__drizzle_migrations`,
    );
    await reopened.close();
    expect(rows.rows).toHaveLength(1);
    // Every migration applied once, none twice across the restart.
    const journal = JSON.parse(
      await readFile(path.join(root, 'services', 'auth', 'drizzle', 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(Number(migrations.rows[0]!.n)).toBe(journal.entries.length);
  }, 180_000);
});
