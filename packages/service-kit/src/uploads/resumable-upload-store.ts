/**
 * Where resumable (tus) uploads collect their bytes until complete: tus's file store in a folder of the
 * service's data folder, in both run modes. A finished file then moves into the object store (local folder
 * or S3) through the purpose's `finish`. tus's S3 store is not used: it resumes through S3 ListParts, which
 * the S3 test server (s3rver) does not implement, so it could not be tested as every other S3 path is.
 *
 * Times are the service clock: an upload's creation date comes from it, and so does the sweep's "now", so
 * tests move a SettableClock to expire uploads.
 */
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/server';
import type { Clock } from '../clock.js';

export interface ResumableUploadStoreOptions {
  /** The folder; created when missing. */
  directory: string;
  clock: Clock;
  /** How long after its creation an unfinished upload is removed. */
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
    file.creation_date = this.clock.now().toISOString();
    return super.create(file);
  }

  /** Removes every upload still here (so not finished) created more than the expiry ago; their count. */
  override async deleteExpired(): Promise<number> {
    const now = this.clock.now().getTime();
    let removed = 0;
    for (const id of (await this.configstore.list?.()) ?? []) {
      const info = await this.configstore.get(id);
      if (!info?.creation_date) continue;
      if (now <= new Date(info.creation_date).getTime() + this.getExpiration()) continue;
      try {
        await this.remove(id);
        removed += 1;
      } catch {
        // Removed meanwhile (finished or cancelled): nothing left to do.
      }
    }
    return removed;
  }

  /** The file holding an upload's bytes. */
  filePath(id: string): string {
    return path.join(this.directory, id);
  }

  /** The upload, or null when there is none (never created, finished, cancelled or expired). */
  async findUpload(id: string): Promise<Upload | null> {
    try {
      return await this.getUpload(id);
    } catch {
      return null;
    }
  }
}
