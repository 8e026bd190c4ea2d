/**
 * Where resumable (tus) uploads collect their bytes until complete: tus's file store in a folder of the
 * service's data folder, in both run modes. A finished file then moves into the object store (local folder
 * or S3) through the purpose's `finish`. tus's S3 store is not used: it resumes through S3 ListParts, which
 * the S3 test server (s3rver) does not implement, so it could not be tested as every other S3 path is.
 *
 * An unfinished upload expires a set time after its last activity: its creation or the last request that
 * wrote bytes to it (docs/decisions.md, 29). A `HEAD` or a refused request is not activity. That time is
 * the modification time of the upload's info file (`<id>.json`, whose content is not written again) and
 * of its bytes' file, both set from the service clock when it is created and after every write. A write in
 * progress counts too: the system sets the bytes' file's time as they arrive, and the later of the two
 * times is the last activity. tus reckons expiry from an upload's `creation_date` (its `Upload-Expires`, its 410 on `HEAD`
 * and `PATCH`, the sweep), so `getUpload` answers the last activity there; the info file keeps the real
 * creation date. Tests move a SettableClock to expire uploads.
 */
import { stat, utimes } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/server';
import type { Clock } from '../clock.js';

export interface ResumableUploadStoreOptions {
  /** The folder; created when missing. */
  directory: string;
  clock: Clock;
  /** How long after its last activity an unfinished upload is removed. */
  expiryMs: number;
}

export class ResumableUploadStore extends FileStore {
  private readonly clock: Clock;

  constructor(options: ResumableUploadStoreOptions) {
    super({ directory: options.directory, expirationPeriodInMilliseconds: options.expiryMs });
    this.clock = options.clock;
    // Every upload states its whole length when it is created.
    this.extensions = this.extensions.filter((extension) => extension !== 'creation-defer-length');
  }

  override async create(file: Upload): Promise<Upload> {
    const now = this.clock.now();
    file.creation_date = now.toISOString();
    const created = await super.create(file);
    await this.setTimes(file.id, now);
    return created;
  }

  override async write(readable: IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    try {
      return await super.write(readable, id, offset);
    } finally {
      // Bytes that arrived count even when the connection then dropped.
      await this.markActivity(id, offset);
    }
  }

  /** As tus's, with `creation_date` the upload's last activity. */
  override async getUpload(id: string): Promise<Upload> {
    const upload = await super.getUpload(id);
    upload.creation_date = (await this.lastActivity(id)).toISOString();
    return upload;
  }

  /** Removes every upload still here (so not finished) whose last activity is more than the expiry ago. */
  override async deleteExpired(): Promise<number> {
    const now = this.clock.now().getTime();
    let removed = 0;
    for (const id of (await this.configstore.list?.()) ?? []) {
      const expires = await this.expiresAt(id);
      if (!expires || now <= expires.getTime()) continue;
      try {
        await this.remove(id);
        removed += 1;
      } catch {
        // Removed meanwhile (finished or cancelled): nothing left to do.
      }
    }
    return removed;
  }

  /** When the upload expires unless more bytes arrive, or null when there is none. */
  async expiresAt(id: string): Promise<Date | null> {
    const upload = await this.findUpload(id);
    if (!upload?.creation_date) return null;
    return new Date(new Date(upload.creation_date).getTime() + this.getExpiration());
  }

  /** The file holding an upload's bytes. */
  filePath(id: string): string {
    return path.join(this.directory, id);
  }

  /** The file holding what tus knows of an upload (its configstore's entry). */
  private infoPath(id: string): string {
    return path.join(this.directory, `${id}.json`);
  }

  /** The upload, or null when there is none (never created, finished, cancelled or expired). */
  async findUpload(id: string): Promise<Upload | null> {
    try {
      return await this.getUpload(id);
    } catch {
      return null;
    }
  }

  private async lastActivity(id: string): Promise<Date> {
    try {
      const [info, bytes] = await Promise.all([stat(this.infoPath(id)), stat(this.filePath(id))]);
      return info.mtime > bytes.mtime ? info.mtime : bytes.mtime;
    } catch {
      // Removed since tus read it.
      throw ERRORS.FILE_NO_LONGER_EXISTS;
    }
  }

  /** When the bytes' file grew past `offset`, both files' times become now by the service clock. */
  private async markActivity(id: string, offset: number): Promise<void> {
    try {
      const { size } = await stat(this.filePath(id));
      if (size > offset) await this.setTimes(id, this.clock.now());
    } catch {
      // Removed meanwhile: nothing to mark.
    }
  }

  /** Both files' times, to `at` by the service clock. */
  private async setTimes(id: string, at: Date): Promise<void> {
    await Promise.all([utimes(this.infoPath(id), at, at), utimes(this.filePath(id), at, at)]);
  }
}
