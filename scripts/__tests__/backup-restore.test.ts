/**
 * `npm run backup` and `npm run restore` round-trip a whole site (docs/decisions.md, 92): a running site
 * with a guest's account, a paid order, its receipt e-mail, a consultation request with an uploaded photo,
 * and an owner who bought the course signed in (an enrolment), completed a lesson and reported a month's
 * revenue, is backed up through its data folder's socket while it runs; the archive restored into
 * an empty data folder (PGlite, local folder) or empty databases and bucket (PostgreSQL, S3) and backed up
 * again gives the same rows in every table of every service and the same files byte for byte.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TEST_PASSWORD_HASH_ENV } from '@platform/auth';
import { MemberLessonListSchema } from '@platform/contracts';
import { backupSite, restoreSite, startEmbedded } from '@platform/embedded';
import { waitFor } from '@platform/service-kit/testing';
import {
  buyCourseSignedIn,
  callSite,
  noisyPng,
  readArchive,
  reportLastMonthOnSite,
  requestConsultationWithPhoto,
  signInToSite,
  signUpToSite,
  startGuestCheckout,
} from './helpers.js';
import { siteStorages, type Env } from './site-storages.js';

const SERVICES = ['auth', 'course', 'consultation', 'payment', 'revenue', 'notification'];

const backings = siteStorages('backup');

/** Every entry of an archive but its time stamps, rows sorted: what two archives of the same data share. */
async function contentsOf(archive: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  for (const { name, bytes } of await readArchive(archive)) {
    if (name.includes('/objects/')) entries.set(name, createHash('sha256').update(bytes).digest('hex'));
    else if (name.endsWith('/layout.json')) {
      entries.set(name, JSON.stringify({ ...JSON.parse(bytes.toString()), snapshotAt: undefined }));
    } else if (name.includes('/outbox_events/')) entries.set(name, deliveryFree(bytes));
    else if (name.endsWith('.jsonl'))
      entries.set(name, bytes.toString().split('\n').filter(Boolean).sort().join('\n'));
    else if (name !== 'backup.json' && name !== 'summary.json') entries.set(name, bytes.toString());
    else entries.set(name, JSON.stringify({ ...JSON.parse(bytes.toString()), createdAt: undefined }));
  }
  return entries;
}

/**
 * Outbox rows without their delivery state: a restore publishes again what was sent after the first
 * service's snapshot (the consumers' inboxes drop the repeats), so only that state may differ.
 */
function deliveryFree(bytes: Buffer): string {
  return bytes
    .toString()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const { status, attempts, next_attempt_at, locked_until, sent_at, ...event } = JSON.parse(
        line,
      ) as Record<string, unknown>;
      void [status, attempts, next_attempt_at, locked_until, sent_at];
      return JSON.stringify(event);
    })
    .sort()
    .join('\n');
}

function rowsOf(
  entries: Map<string, string>,
  service: string,
  table: string,
): Array<Record<string, unknown>> {
  return [...entries]
    .filter(([name]) => name.startsWith(`services/${service}/${table}/`))
    .flatMap(([, lines]) => lines.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>));
}

describe.each(backings)('backup and restore on $name', (backing) => {
  let workDir: string;
  const removals: Array<() => Promise<void>> = [];
  let sourceEnv: Env;
  let site: Awaited<ReturnType<typeof startEmbedded>> | undefined;
  const email = `backed.up.${Date.now()}@example.com`;
  const owner = {
    email: `backed.up.owner.${Date.now()}@example.com`,
    firstName: 'Otto',
    lastName: 'Owner',
    password: 'Backed+Up!Owner2030',
  };
  /** A photo of the dining room, unique to this run. */
  const photo = noisyPng(64, 64);

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'backup-'));
    const storage = await backing.storage('a');
    removals.push(storage.remove);
    sourceEnv = {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(workDir, 'site'),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'Backup-Admin-1!',
      PGLITE_TEMPLATE_CACHE: process.env.PGLITE_TEMPLATE_CACHE,
      ...TEST_PASSWORD_HASH_ENV,
      ...storage.env,
    };
    site = await startEmbedded({ env: sourceEnv });
  }, 180_000);

  afterAll(async () => {
    await site?.stop();
    for (const remove of removals) await remove();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('gives back every row of every service and every file after a restore into empty storage', async () => {
    // A guest buys the consultation: an account, a paid order, its grant and receipt.
    const url = await startGuestCheckout(site!.url, { email, firstName: 'Bea', lastName: 'Backup' });
    expect(
      (await fetch(new URL(`${url}/pay`, site!.url), { method: 'POST', redirect: 'manual' })).status,
    ).toBe(303);

    // A consultation request with a photo.
    await requestConsultationWithPhoto(
      site!.url,
      { businessName: 'Backup Bistro', ownerName: 'Bea Backup', email },
      photo,
    );

    // An owner buys the course signed in, completes its first lesson and reports last month's revenue.
    const { cookie, userId } = await signUpToSite(site!.url, owner);
    await buyCourseSignedIn(site!.url, owner, cookie);
    const [enrolment] = await waitFor(
      async () =>
        (await (await callSite(site!.url, '/api/enrollments', { cookie })).json()) as Array<{
          courseId: number;
        }>,
      (enrolments) => enrolments.length > 0,
      'the enrolment',
      60_000,
    );
    const sections = (await (
      await callSite(site!.url, `/api/courses/${enrolment!.courseId}/available-modules`, { cookie })
    ).json()) as Array<{ id: number; isAvailable: boolean }>;
    const open = sections.find((section) => section.isAvailable);
    expect(open).toBeDefined();
    const lessons = MemberLessonListSchema.parse(
      await (await callSite(site!.url, `/api/modules/${open!.id}/lessons`, { cookie })).json(),
    );
    const completed = await callSite(site!.url, `/api/lessons/${lessons[0]!.id}/complete`, {
      method: 'POST',
      cookie,
    });
    expect({ status: completed.status, body: await completed.text() }).toMatchObject({ status: 200 });
    await reportLastMonthOnSite(site!.url, {
      cookie,
      userId,
      adminCookie: await signInToSite(site!.url, sourceEnv.ADMIN_EMAIL!, sourceEnv.ADMIN_PASSWORD!),
    });

    // The receipt is queued once the order's events went round.
    await waitFor(
      async () => {
        const archive = path.join(workDir, `probe-${randomBytes(3).toString('hex')}.tar.gz`);
        await site!.backup(createWriteStream(archive));
        const entries = await contentsOf(archive);
        await rm(archive);
        return rowsOf(entries, 'notification', 'messages').filter((row) =>
          JSON.stringify(row).includes(email),
        ).length;
      },
      (mails) => mails > 0,
      'the receipt in the mail queue',
      60_000,
    );

    // `npm run backup` while the site runs: through its data folder's socket.
    const first = path.join(workDir, 'first.tar.gz');
    await backupSite(sourceEnv, createWriteStream(first));

    // Into empty storage, the site not running there.
    const target = await backing.storage('b');
    removals.push(target.remove);
    const targetEnv: Env = { ...sourceEnv, ...target.env, DATA_DIR: path.join(workDir, 'restored') };
    const summary = await restoreSite(targetEnv, createReadStream(first));
    expect(Object.keys(summary.services).sort()).toEqual([...SERVICES].sort());

    // A second restore into the same (now full) storage is refused.
    await expect(restoreSite(targetEnv, createReadStream(first))).rejects.toThrow(/already holds rows/);

    const second = path.join(workDir, 'second.tar.gz');
    await backupSite(targetEnv, createWriteStream(second));
    const [before, after] = [await contentsOf(first), await contentsOf(second)];
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [name, content] of before)
      expect({ name, content: after.get(name) }).toEqual({ name, content });

    // And it is this site's data: the buyer, the order, the receipt, the photo.
    const has = (service: string, table: string) =>
      rowsOf(after, service, table).filter((row) => JSON.stringify(row).includes(email));
    expect(has('auth', 'users')).toHaveLength(1);
    expect(has('payment', 'orders').length).toBeGreaterThan(0);
    expect(has('notification', 'messages').length).toBeGreaterThan(0);
    expect(has('consultation', 'consultation_submissions')).toHaveLength(1);
    // The owner's learning and reporting, row for row as they were.
    const owners = (entries: Map<string, string>, service: string, table: string) =>
      rowsOf(entries, service, table).filter((row) => row.user_id === userId);
    for (const [service, table] of [
      ['course', 'course_enrollments'],
      ['course', 'lesson_progress'],
      ['revenue', 'revenue_reports'],
    ] as const) {
      expect({ table, rows: owners(after, service, table) }).toEqual({
        table,
        rows: owners(before, service, table),
      });
      expect({ table, rows: owners(after, service, table).length }).toEqual({ table, rows: 1 });
    }
    expect(owners(after, 'course', 'lesson_progress')[0]).toMatchObject({ completed: true });
    const photoDigest = createHash('sha256').update(photo).digest('hex');
    expect(
      [...after].filter(([name, digest]) => name.includes('/objects/') && digest === photoDigest),
    ).toHaveLength(1);
  }, 300_000);
});
