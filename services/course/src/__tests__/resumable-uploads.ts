/**
 * Checks both services' resumable uploads (tus) share: an upload cut off mid-PATCH resumes from the server's
 * offset, and an unfinished upload is removed 24 hours after its last activity (its creation or its last
 * bytes).
 */
import { readdir } from 'node:fs/promises';
import { expect } from '@jest/globals';
import type { SettableClock } from '@platform/service-kit/clock';
import { sendInterruptedPatch, waitFor } from '@platform/service-kit/testing';

const HOUR = 60 * 60 * 1000;

export interface InterruptedUpload {
  /** The upload's full address. */
  url: string;
  /** The headers each PATCH carries (the caller's token, an upload token). */
  headers: Record<string, string>;
  bytes: Buffer;
  /** How many bytes the service holds for the upload. */
  heldBytes(): Promise<number>;
  /** HEAD on the upload, as someone allowed to ask. */
  head(): Promise<Response>;
}

/**
 * Sends the upload's bytes from the server's offset and cuts the connection mid-PATCH at each of `cuts`
 * (ascending): after each the server's offset is the cut, of the whole length. Gives the last offset.
 */
export async function interruptUploadAt(upload: InterruptedUpload, cuts: number[]): Promise<number> {
  let offset = 0;
  for (const to of cuts) {
    await sendInterruptedPatch({
      url: upload.url,
      headers: upload.headers,
      bytes: upload.bytes,
      from: offset,
      to,
      heldBytes: upload.heldBytes,
    });
    const probe = await waitFor(
      upload.head,
      (response) => response.headers.get('upload-offset') === String(to),
      `Upload-Offset ${to}`,
    );
    expect(probe.status).toBe(200);
    expect(probe.headers.get('upload-length')).toBe(String(upload.bytes.length));
    offset = to;
  }
  return offset;
}

export interface UploadExpiryCase {
  clock: SettableClock;
  /** Begins an upload (`name` tells the two apart where the upload carries one) and gives its address. */
  create(name: 'old' | 'fresh'): Promise<string>;
  /** HEAD on an upload's address, as someone allowed to ask. */
  head(location: string): Promise<Response>;
  /** Runs the service's expiry job now, answering what the job runner answers. */
  runExpiry(): Promise<unknown>;
  /** The folder the service keeps unfinished uploads in (local backing). */
  uploadsDir(): string;
}

/**
 * Begins an upload, then another 23 hours later: the expiry job keeps both then, and 2 hours later removes
 * the first (its address answers 404, its files are gone) and keeps the second.
 */
export async function expectOnlyStaleUploadsRemoved(upload: UploadExpiryCase): Promise<void> {
  const old = await upload.create('old');
  const oldId = old.split('/').pop()!;
  upload.clock.advance(23 * HOUR);
  const fresh = await upload.create('fresh');
  const freshId = fresh.split('/').pop()!;

  let run = await upload.runExpiry();
  expect(run).toMatchObject({ ran: true, ok: true });
  expect((await upload.head(old)).status).toBe(200);

  upload.clock.advance(2 * HOUR);
  run = await upload.runExpiry();
  expect(run).toMatchObject({ ran: true, ok: true, result: { removed: expect.any(Number) } });
  expect((await upload.head(old)).status).toBe(404);
  expect((await upload.head(fresh)).status).toBe(200);
  const left = await readdir(upload.uploadsDir());
  expect(left.some((name) => name.startsWith(oldId))).toBe(false);
  expect(left).toEqual(expect.arrayContaining([freshId, `${freshId}.json`]));
}

export interface UploadActivityCase {
  clock: SettableClock;
  /** The file both uploads send; its first `firstBytes` go in one PATCH. */
  bytes: Buffer;
  firstBytes: number;
  /** Begins an upload of `bytes` (`name` tells the two apart where the upload carries one); its address. */
  create(name: 'moving' | 'idle'): Promise<string>;
  /** HEAD on an upload's address, as someone allowed to ask. */
  head(location: string): Promise<Response>;
  /** One PATCH of `body` at `offset`, as someone allowed to send. */
  patch(location: string, offset: number, body: Buffer): Promise<Response>;
  /** Carries an upload on to the end with tus's client (HEAD, then PATCH from the server's offset). */
  resume(location: string): Promise<{ status: number; body: string }>;
  /** Runs the service's expiry job now, answering what the job runner answers. */
  runExpiry(): Promise<unknown>;
  /** The folder the service keeps unfinished uploads in (local backing). */
  uploadsDir(): string;
}

/**
 * Two uploads begin together. One gets bytes an hour later and then only a HEAD and a refused PATCH (a
 * wrong offset); the other gets bytes 23 hours later. Each PATCH's `Upload-Expires` is 24 hours after it.
 * At hour 30 the expiry job removes the first (its address answers 404, its files are gone) and keeps the
 * second, which tus's client then finishes: its final answer is given back.
 */
export async function expectLastBytesKeepUploads(
  upload: UploadActivityCase,
): Promise<{ status: number; body: string }> {
  const first = upload.bytes.subarray(0, upload.firstBytes);
  const expectBytesTaken = (response: Response) => {
    expect(response.status).toBe(204);
    expect(response.headers.get('upload-offset')).toBe(String(upload.firstBytes));
    expect(response.headers.get('upload-expires')).toBe(
      new Date(upload.clock.now().getTime() + 24 * HOUR).toUTCString(),
    );
  };
  const moving = await upload.create('moving');
  const idle = await upload.create('idle');
  const idleId = idle.split('/').pop()!;

  upload.clock.advance(HOUR);
  expectBytesTaken(await upload.patch(idle, 0, first));
  upload.clock.advance(19 * HOUR);
  expect((await upload.head(idle)).status).toBe(200);
  expect((await upload.patch(idle, 0, first)).status).toBe(409);

  upload.clock.advance(3 * HOUR);
  expectBytesTaken(await upload.patch(moving, 0, first));

  upload.clock.advance(7 * HOUR);
  const run = await upload.runExpiry();
  expect(run).toMatchObject({ ran: true, ok: true, result: { removed: expect.any(Number) } });
  expect((await upload.head(idle)).status).toBe(404);
  expect((await readdir(upload.uploadsDir())).some((name) => name.startsWith(idleId))).toBe(false);
  const probe = await upload.head(moving);
  expect(probe.status).toBe(200);
  expect(probe.headers.get('upload-offset')).toBe(String(upload.firstBytes));
  return upload.resume(moving);
}
