/**
 * The public catalogue reads as browsers revalidate them
 * (docs/behaviour/public-site-and-catalogue.md#revisits): `Cache-Control: public, no-cache` (the same for
 * every caller, asked again at every view, so an admin's edit shows at once) and a strong `ETag`, a hash of
 * the answer's JSON. `If-None-Match` with the current tag answers `304` without a body.
 *
 * Each replica remembers the tag of each answer it built, with the catalogue version it built it at
 * (catalogue-version.ts): while the stored version is the same, a revalidation costs one read of that row,
 * not the catalogue. Any change moves the version on, and the next answer is built again. A tag is the hash
 * of what was sent, so replicas and restarts agree on it, and a release that changes an answer's shape
 * changes its tag.
 */
import { createHash } from 'node:crypto';
import type { Executor } from '@platform/service-kit/db';
import { matchesWeakly } from '@platform/service-kit/http';
import type { Request, Response } from 'express';
import { readCatalogueVersion } from './catalogue-version.js';

export const CATALOGUE_CACHE_CONTROL = 'public, no-cache';

/** A strong entity tag for a body: its SHA-256, base64url. */
export function strongEtagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

export interface CacheableAnswers {
  /**
   * Answers `key` (one per distinct answer: the path) with `build`'s value as JSON, or `304` when the
   * request already holds it. `build` throws for an answer that is not a 200 (an AppError), which goes
   * out without these headers.
   */
  send(req: Request, res: Response, key: string, build: () => Promise<unknown>): Promise<void>;
}

export function createCacheableAnswers(db: Executor): CacheableAnswers {
  /** The tags built at `version`; forgotten when a newer version is read. */
  let memo = { version: -1, etags: new Map<string, string>() };

  /** The tags of `version`, or null when a newer one was read meanwhile (this request's read is stale). */
  function tagsAt(version: number): Map<string, string> | null {
    if (version > memo.version) memo = { version, etags: new Map() };
    return version === memo.version ? memo.etags : null;
  }

  /** Whether the request already holds the answer `etag` tags (its If-None-Match names it). */
  function holds(req: Request, etag: string): boolean {
    const ifNoneMatch = req.get('if-none-match');
    return ifNoneMatch !== undefined && matchesWeakly(ifNoneMatch, etag);
  }

  function cacheHeaders(res: Response, etag: string): Response {
    return res.set({ 'Cache-Control': CATALOGUE_CACHE_CONTROL, ETag: etag });
  }

  return {
    async send(req, res, key, build) {
      const version = await readCatalogueVersion(db);
      const etags = tagsAt(version);
      const known = etags?.get(key);
      if (known !== undefined && holds(req, known)) {
        cacheHeaders(res, known).status(304).end();
        return;
      }
      const body = JSON.stringify(await build());
      const etag = strongEtagOf(body);
      // Kept under the version read before building (what was built is at least that new), unless a newer
      // version was read meanwhile.
      if (etags !== null && etags === memo.etags) etags.set(key, etag);
      if (holds(req, etag)) cacheHeaders(res, etag).status(304).end();
      else cacheHeaders(res, etag).type('application/json').send(body);
    },
  };
}
