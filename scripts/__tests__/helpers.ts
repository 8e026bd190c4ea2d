import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { crc32, createGunzip, deflateSync } from 'node:zlib';
import tar from 'tar-stream';
import {
  COURSE_PRODUCT_ID,
  ConsultationResponseSchema,
  CreateCheckoutSessionResponseSchema,
} from '@platform/contracts';
import { buildMultipartForm, startWatchedProcess, waitFor } from '@platform/service-kit/testing';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface StartedProcess {
  child: ChildProcess;
  output: string[];
  /** Resolves with the first output line matching `pattern`. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  exit: Promise<[number | null, NodeJS.Signals | null]>;
}

export function startNode(
  args: string[],
  env: Record<string, string | undefined>,
  cwd: string,
): StartedProcess {
  const started = startWatchedProcess(args, { env, cwd });
  return {
    child: started.process,
    output: started.output,
    exit: started.exited,
    waitFor: async (pattern, timeoutMs) => {
      let match: RegExpMatchArray | null = null;
      await started.waitFor(
        (_, text) => (match = text.match(pattern)) !== null,
        `line matching ${pattern}`,
        timeoutMs,
      );
      return match!;
    },
  };
}

/** Headers a caller might send to pretend to be someone; the gateway must ignore all of them. */
export const spoofedIdentityHeaders = {
  'x-internal-token':
    'eyJhbGciOiJIUzI1NiJ9.eyJraW5kIjoidXNlciIsImVtYWlsIjoiYWRtaW5AZXhhbXBsZS5jb20iLCJyb2xlIjoiYWRtaW4iLCJzdWIiOiIxIn0.c2lnbmF0dXJl',
  'x-user-id': '1',
  'x-user-email': 'admin@example.com',
  'x-user-role': 'admin',
  'x-forwarded-user': 'admin@example.com',
};

/**
 * The status of a GET sent with exactly these headers. `fetch` adds `Cache-Control: no-cache` to a
 * conditional request, which asks a server to send the whole answer again.
 */
export function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/**
 * A guest's checkout of the consultation on a running site, once the payment service has the catalogue the
 * course service publishes at its start; resolves with the test provider's payment page address.
 */
export async function startGuestCheckout(
  siteUrl: string,
  buyer: { email: string; firstName: string; lastName: string },
): Promise<string> {
  return (await createCheckoutSession(siteUrl, buyer)).url;
}

/**
 * A checkout of one product (the consultation unless told), as a guest or, with `cookie`, signed in; waits
 * for the catalogue as startGuestCheckout does. Resolves with the session's id and payment page address.
 */
export async function createCheckoutSession(
  siteUrl: string,
  buyer: { email: string; firstName: string; lastName: string },
  options: { item?: { id: string; name?: string; price?: number; quantity: number }; cookie?: string } = {},
): Promise<{ sessionId: string; url: string }> {
  const { email, firstName, lastName } = buyer;
  const item = options.item ?? {
    id: 'restaurant-consultation',
    name: 'Restaurant Consultation',
    price: 1,
    quantity: 1,
  };
  const checkout = await waitFor(
    () =>
      fetch(`${siteUrl}/api/create-checkout-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.cookie && { cookie: options.cookie }) },
        body: JSON.stringify({
          items: [item],
          customer_email: email,
          customer_name: `${firstName} ${lastName}`,
          billingInfo: {
            firstName,
            lastName,
            email,
            address: '1 Main Street',
            city: 'Austin',
            state: 'TX',
            zip: '78701',
            country: 'US',
          },
        }),
      }),
    (response) => response.status === 200,
    'a checkout session',
  );
  return CreateCheckoutSessionResponseSchema.parse(await checkout.json());
}

/**
 * A request to a running site: `json` sent as the body, `cookie` as the session; redirects are answered,
 * not followed.
 */
export function callSite(
  siteUrl: string,
  pathname: string,
  init: RequestInit & { json?: unknown; cookie?: string } = {},
): Promise<Response> {
  const { json, cookie, ...rest } = init;
  const headers: Record<string, string> = { ...(rest.headers as Record<string, string>) };
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  return fetch(`${siteUrl}${pathname}`, {
    ...rest,
    headers,
    ...(json !== undefined && { body: JSON.stringify(json) }),
    redirect: 'manual',
  });
}

/** The first cookie an answer sets, as the browser sends it back (`name=value`; '' when none). */
export const cookieOf = (response: Response): string =>
  response.headers.getSetCookie()[0]?.split(';')[0] ?? '';

/** The answer when it has `status`; otherwise an error naming the request and the answer's body. */
async function answered(what: string, response: Response, status = 200): Promise<Response> {
  if (response.status !== status)
    throw new Error(`${what}: ${response.status} (expected ${status}) ${await response.text()}`);
  return response;
}

/** Signs in on a running site; resolves with the session cookie. */
export async function signInToSite(siteUrl: string, email: string, password: string): Promise<string> {
  const response = await callSite(siteUrl, '/api/auth/login', { method: 'POST', json: { email, password } });
  return cookieOf(await answered(`signing in as ${email}`, response));
}

/**
 * A consultation request on a running site (`POST /api/consultation`: a bistro in Austin losing covers on
 * rainy Tuesdays) with `photo` uploaded to it as `dining-room.png`, each answered 200; resolves with the
 * submission's id.
 */
export async function requestConsultationWithPhoto(
  siteUrl: string,
  owner: { businessName: string; ownerName: string; email: string; phone?: string },
  photo: Buffer,
): Promise<string> {
  const submitted = await callSite(siteUrl, '/api/consultation', {
    method: 'POST',
    json: {
      ...owner,
      restaurantName: owner.businessName,
      location: '1 Main Street, Austin',
      currentChallenges: 'Too many covers lost on rainy Tuesdays.',
      consultationGoals: 'Fill the room on weekday evenings again.',
    },
  });
  const { submissionId, uploadToken } = ConsultationResponseSchema.parse(
    await (await answered(`requesting a consultation for ${owner.email}`, submitted)).json(),
  );
  const form = buildMultipartForm([
    { name: 'fileType', data: 'images' },
    { name: 'files', filename: 'dining-room.png', contentType: 'image/png', data: photo },
  ]);
  const uploaded = await callSite(siteUrl, `/api/consultation/${submissionId}/upload`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${form.boundary}`,
      'x-upload-token': uploadToken,
    },
    body: form.body,
  });
  await answered(`uploading the photo of ${owner.email}'s consultation`, uploaded);
  return submissionId;
}

/** A new account signed up and signed in; resolves with its session cookie and user id. */
export async function signUpToSite(
  siteUrl: string,
  person: { email: string; firstName: string; lastName: string; password: string },
): Promise<{ cookie: string; userId: string }> {
  const { email, firstName, lastName, password } = person;
  await answered(
    `signing up ${email}`,
    await callSite(siteUrl, '/api/auth/signup', {
      method: 'POST',
      json: { email, firstName, lastName, password },
    }),
    201,
  );
  const cookie = await signInToSite(siteUrl, email, password);
  const me = (await (
    await answered('the account', await callSite(siteUrl, '/api/auth/user', { cookie }))
  ).json()) as {
    id: string;
  };
  return { cookie, userId: me.id };
}

/**
 * The course bought and paid with the test provider by the person signed in on `cookie`, and the access
 * granted as the success page asks for it: an order, an enrolment and a receipt.
 */
export async function buyCourseSignedIn(
  siteUrl: string,
  person: { email: string; firstName: string; lastName: string },
  cookie: string,
): Promise<void> {
  const { url, sessionId } = await createCheckoutSession(siteUrl, person, {
    item: { id: COURSE_PRODUCT_ID, quantity: 1 },
    cookie,
  });
  await answered(
    'paying for the course',
    await callSite(siteUrl, `${new URL(url, siteUrl).pathname}/pay`, { method: 'POST' }),
    303,
  );
  await answered(
    'the course access',
    await callSite(siteUrl, '/api/grant-course-access', {
      method: 'POST',
      cookie,
      json: { session_id: sessionId, customer_email: person.email },
    }),
  );
}

/**
 * The owner signed in on `cookie` on the revenue-share plan with a baseline of $2,000.00; the admin
 * (`adminCookie`) records that they agreed 30 days before last month began, so last month is their first
 * to report; and they report it (net $10,000.00). Resolves with the report's id.
 */
export async function reportLastMonthOnSite(
  siteUrl: string,
  owner: { cookie: string; userId: string; adminCookie: string; notes?: string },
): Promise<string> {
  const { cookie, userId, adminCookie, notes } = owner;
  await answered(
    'the revenue-share consent',
    await callSite(siteUrl, '/api/revenue-share-consent', {
      method: 'POST',
      cookie,
      json: { consentToTerms: true, baselineNetRevenue: 200_000 },
    }),
  );
  const now = new Date();
  const firstOfLastMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  await answered(
    'the agreement date',
    await callSite(siteUrl, `/api/admin/revenue-customers/${userId}/agreement-date`, {
      method: 'POST',
      cookie: adminCookie,
      json: {
        agreedAt: new Date(firstOfLastMonth - 30 * 86_400_000).toISOString().slice(0, 10),
        reason: 'On the programme before the platform existed',
      },
    }),
  );
  const report = await answered(
    'the revenue report',
    await callSite(siteUrl, '/api/revenue-report', {
      method: 'POST',
      cookie,
      json: {
        reportingPeriodStart: new Date(firstOfLastMonth).toISOString().slice(0, 10),
        reportingPeriodEnd: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
          .toISOString()
          .slice(0, 10),
        grossRevenue: 1_200_000,
        businessExpenses: 200_000,
        netRevenue: 1_000_000,
        ...(notes !== undefined && { notes }),
      },
    }),
  );
  return ((await report.json()) as { report: { id: string } }).report.id;
}

/** A truecolour PNG of random pixels. */
export function noisyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framing = Buffer.alloc(8);
    framing.writeUInt32BE(data.length, 0);
    framing.writeUInt32BE(crc32(typed), 4);
    return Buffer.concat([framing.subarray(0, 4), typed, framing.subarray(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, () =>
    Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]),
  );
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every entry of a backup archive (a gzipped tar), by name, with its bytes. */
export async function readArchive(archive: string): Promise<Array<{ name: string; bytes: Buffer }>> {
  const entries: Array<{ name: string; bytes: Buffer }> = [];
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archive), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(Buffer.from(chunk as Uint8Array));
    entries.push({ name: entry.header.name, bytes: Buffer.concat(chunks) });
  }
  await reading;
  return entries;
}
