/** A queued photo for the upload queue's tests, chosen and not sent unless `overrides` say otherwise. */
import type { QueuedFile } from '../lib/upload-queue';

export function item(id: string, overrides: Partial<QueuedFile<string>> = {}): QueuedFile<string> {
  return {
    id,
    slot: 'photos',
    kind: 'images',
    file: id,
    name: `${id}.jpg`,
    size: 1000,
    status: 'pending',
    loaded: 0,
    percent: 0,
    reason: null,
    ...overrides,
  };
}
