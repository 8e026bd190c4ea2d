/**
 * Checks both services' resumable uploads (tus) share: an upload cut off mid-PATCH resumes from the server's
 * offset, and an unfinished upload is removed 24 hours after it began.
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
