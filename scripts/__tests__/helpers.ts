import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { crc32, createGunzip, deflateSync } from 'node:zlib';
import tar from 'tar-stream';
import { CreateCheckoutSessionResponseSchema } from '@platform/contracts';
import { startWatchedProcess, waitFor } from '@platform/service-kit/testing';

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
