/**
 * A person's data on request across every service (docs/behaviour/accounts.md#your-data-export-and-deletion;
 * docs/decisions.md, 102–103), on a whole embedded site (PGlite and a local folder; with POSTGRES_URL also
 * PostgreSQL and S3): a person with data in all six services downloads one zip with each service's part
 * and their uploaded files; after they delete their account, a backup of every table of every service holds
 * none of their personal fields and none of their files, their sessions are over, and the ledgers' totals
 * (orders, invoices, revenue reports, share payments) are what they were.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import yauzl from 'yauzl';
import { TEST_PASSWORD_HASH_ENV } from '@platform/auth';
import { ACCOUNT_DATA_MESSAGES } from '@platform/contracts';
import { startEmbedded } from '@platform/embedded';
import { buildMultipartForm, waitFor } from '@platform/service-kit/testing';
import {
  buyCourseSignedIn,
  callSite,
  noisyPng,
  readArchive,
  reportLastMonthOnSite,
  requestConsultationWithPhoto,
  signInToSite,
  signUpToSite,
} from './helpers.js';
import { siteStorages } from './site-storages.js';

type Row = Record<string, unknown>;
const SERVICES = ['auth', 'course', 'consultation', 'payment', 'revenue', 'notification'];
const ADMIN = { email: 'admin@example.com', password: 'Data-Admin-1!' };
const PASSWORD = 'Erase+Me!Please2030';

const backings = siteStorages('accountdata');

/** A backup of the whole site: every row by `service/table`, and the digests of the stored files. */
async function snapshot(site: Awaited<ReturnType<typeof startEmbedded>>, workDir: string) {
  const archive = path.join(workDir, `snapshot-${randomBytes(3).toString('hex')}.tar.gz`);
  await site.backup(createWriteStream(archive));
  const rows = new Map<string, Row[]>();
  const files: string[] = [];
  for (const { name, bytes } of await readArchive(archive)) {
    if (name.includes('/objects/')) files.push(createHash('sha256').update(bytes).digest('hex'));
    else if (name.startsWith('services/') && name.endsWith('.jsonl')) {
      const [, service, table] = name.split('/');
      const list = rows.get(`${service}/${table}`) ?? [];
      for (const line of bytes.toString().split('\n').filter(Boolean)) list.push(JSON.parse(line) as Row);
      rows.set(`${service}/${table}`, list);
    }
  }
  await rm(archive);
  return { rows, files };
}

/** Every zip entry's name and bytes. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const sum = (rows: Row[] | undefined, column: string) =>
  (rows ?? []).reduce((total, row) => total + Number(row[column] ?? 0), 0);

/** The books: what anonymising must leave exactly as it was. */
function ledgerTotals(rows: Map<string, Row[]>) {
  return {
    orders: (rows.get('payment/orders') ?? []).length,
    orderTotals: sum(rows.get('payment/orders'), 'total'),
    invoices: (rows.get('payment/invoices') ?? []).length,
    reports: (rows.get('revenue/revenue_reports') ?? []).length,
    netRevenue: sum(rows.get('revenue/revenue_reports'), 'net_revenue'),
    sharesOwed: sum(rows.get('revenue/revenue_reports'), 'share_owed'),
    sharePayments: sum(rows.get('revenue/share_payments'), 'amount'),
  };
}

describe.each(backings)('a person’s data on $name', (backing) => {
  let workDir: string;
  let site: Awaited<ReturnType<typeof startEmbedded>> | undefined;
  let remove: () => Promise<void> = async () => {};
  const tag = randomBytes(4).toString('hex');
  const person = {
    email: `erase.me.${tag}@example.com`,
    firstName: `Ida${tag}`,
    lastName: `Erasmus${tag}`,
    phone: `+1 512 555 ${tag.slice(0, 4)}`,
  };
  const photo = noisyPng(48, 48);
  const statement = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048), Buffer.from('\n%%EOF\n')]);

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'account-data-'));
    const storage = await backing.storage(tag);
    remove = storage.remove;
    site = await startEmbedded({
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: path.join(workDir, 'site'),
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        PGLITE_TEMPLATE_CACHE: process.env.PGLITE_TEMPLATE_CACHE,
        ...TEST_PASSWORD_HASH_ENV,
        ...storage.env,
      },
    });
  }, 180_000);

  afterAll(async () => {
    await site?.stop();
    await remove();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const call = (pathname: string, init: Parameters<typeof callSite>[2] = {}) =>
    callSite(site!.url, pathname, init);
  const signIn = async (email: string, password: string) =>
    call('/api/auth/login', { method: 'POST', json: { email, password } });
  const ok = async (response: Response, status = 200) => {
    expect({
      status: response.status,
      body: response.status === status ? '' : await response.text(),
    }).toEqual({
      status,
      body: '',
    });
    return response;
  };

  it('exports everything in one zip, erases it on deletion and leaves the books as they were', async () => {
    // auth: the account.
    const { cookie, userId } = await signUpToSite(site!.url, { ...person, password: PASSWORD });
    const admin = await signInToSite(site!.url, ADMIN.email, ADMIN.password);

    // payment, course, notification: the course bought and paid, an enrolment, a receipt.
    await buyCourseSignedIn(site!.url, person, cookie);

    // consultation: a request with a photo, and a contact message.
    await requestConsultationWithPhoto(
      site!.url,
      {
        businessName: `${person.lastName} Bistro`,
        ownerName: `${person.firstName} ${person.lastName}`,
        email: person.email,
        phone: person.phone,
      },
      photo,
    );
    await ok(
      await call('/api/contact', {
        method: 'POST',
        json: {
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.email,
          phone: person.phone,
          subject: 'program',
          message: 'Please tell me more about the program.',
        },
      }),
    );

    // revenue: on the plan, a report with a supporting document.
    const reportId = await reportLastMonthOnSite(site!.url, {
      cookie,
      userId,
      adminCookie: admin,
      notes: `Signed, ${person.firstName} ${person.lastName}`,
    });
    const documentForm = buildMultipartForm([
      { name: 'files', filename: 'statement.pdf', contentType: 'application/pdf', data: statement },
    ]);
    await ok(
      await call(`/api/revenue-reports/${reportId}/documents`, {
        method: 'POST',
        cookie,
        headers: { 'content-type': `multipart/form-data; boundary=${documentForm.boundary}` },
        body: documentForm.body,
      }),
    );

    // Every service has the person by now (the events went round).
    const personal = [person.email, person.firstName, person.lastName, person.phone];
    const holding = (rows: Map<string, Row[]>) =>
      [...rows]
        .filter(([name]) => !name.endsWith('/outbox_events') || !name.startsWith('auth/'))
        .flatMap(([name, list]) =>
          list
            .filter((row) => personal.some((value) => JSON.stringify(row).includes(value)))
            .map((row) => `${name}: ${JSON.stringify(row).slice(0, 160)}`),
        );
    const before = await waitFor(
      () => snapshot(site!, workDir),
      ({ rows }) =>
        SERVICES.every((service) =>
          holding(rows).some((line) => line.startsWith(`${service}/`) && !line.includes('/outbox_events')),
        ),
      'the person in every service',
      60_000,
    );
    const photoDigest = createHash('sha256').update(photo).digest('hex');
    const statementDigest = createHash('sha256').update(statement).digest('hex');
    expect(before.files).toEqual(expect.arrayContaining([photoDigest, statementDigest]));

    // The export: one JSON per service and both files.
    const exported = await ok(await call('/api/account/export', { cookie }));
    expect(exported.headers.get('content-type')).toBe('application/zip');
    const entries = await unzip(Buffer.from(await exported.arrayBuffer()));
    for (const service of SERVICES) expect([...entries.keys()]).toContain(`${service}.json`);
    const digests = [...entries]
      .filter(([name]) => name.startsWith('files/'))
      .map(([, bytes]) => createHash('sha256').update(bytes).digest('hex'));
    expect(digests.sort()).toEqual([photoDigest, statementDigest].sort());
    const authPart = JSON.parse(entries.get('auth.json')!.toString()) as { users: Row[] };
    expect(authPart.users[0]).toMatchObject({ email: person.email, firstName: person.firstName });
    expect(JSON.stringify(authPart)).not.toContain('passwordHash');
    const paymentPart = JSON.parse(entries.get('payment.json')!.toString()) as { orders: Row[] };
    expect(paymentPart.orders).toHaveLength(1);

    // Only the person and the admin: another account gets only its own, a visitor nothing.
    expect((await call('/api/account/export')).status).toBe(401);
    expect((await call(`/api/admin/users/${userId}/export`, { cookie })).status).toBe(403);
    const forAdmin = await ok(await call(`/api/admin/users/${userId}/export`, { cookie: admin }));
    expect([...(await unzip(Buffer.from(await forAdmin.arrayBuffer()))).keys()]).toContain(
      'files/revenue/' +
        [...entries.keys()].find((name) => name.startsWith('files/revenue/'))!.slice('files/revenue/'.length),
    );

    // A wrong password deletes nothing.
    const refused = await call('/api/account', {
      method: 'DELETE',
      cookie,
      json: { password: 'Not-The-One-1!' },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: ACCOUNT_DATA_MESSAGES.wrongPassword });
    expect((await call('/api/auth/user', { cookie })).status).toBe(200);

    const deleted = await call('/api/account', { method: 'DELETE', cookie, json: { password: PASSWORD } });
    expect({ status: deleted.status, body: await deleted.json() }).toEqual({
      status: 202,
      body: { success: true, message: ACCOUNT_DATA_MESSAGES.deleted },
    });
    expect((await call('/api/auth/user', { cookie })).status).toBe(401);
    expect((await signIn(person.email, PASSWORD)).status).toBe(401);

    // Erased in every service, files too; the books unchanged.
    const after = await waitFor(
      () => snapshot(site!, workDir),
      ({ rows, files }) =>
        holding(rows).length === 0 && !files.includes(photoDigest) && !files.includes(statementDigest),
      'the person erased everywhere',
      60_000,
      // What is left is shown below.
    ).catch(() => snapshot(site!, workDir));
    expect(holding(after.rows)).toEqual([]);
    expect(ledgerTotals(after.rows)).toEqual(ledgerTotals(before.rows));
    expect(ledgerTotals(after.rows).orders).toBeGreaterThan(0);
    expect(ledgerTotals(after.rows).reports).toBeGreaterThan(0);
    // The one record kept: the deletion itself, in auth's outbox.
    expect(
      (after.rows.get('auth/outbox_events') ?? []).filter((row) =>
        JSON.stringify(row).includes(person.email),
      ),
    ).toEqual([expect.objectContaining({ type: 'auth.account.deleted' })]);
  }, 300_000);
});
