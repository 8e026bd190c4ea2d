/** Cache policy for built front-end files: content-hashed names forever, everything else revalidated. */
import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

// Entry points keep their names across builds, so browsers must always revalidate them.
const ENTRY_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json']);
// A name part of 8+ hex digits is a content hash: main.3f2a9c1b.js, 412.0a1b2c3d4e5f.css, chunk-3f2a9c1b.js.
const HASH_PART = /^[0-9a-f]{8,}$/i;

export function isContentHashed(fileName: string): boolean {
  const base = path.basename(fileName);
  if (ENTRY_FILES.has(base)) return false;
  const stem = base.slice(0, base.lastIndexOf('.') > 0 ? base.lastIndexOf('.') : base.length);
  return stem.split(/[._-]/).some((part) => HASH_PART.test(part));
}

export function cacheControlFor(fileName: string): string {
  return isContentHashed(fileName) ? IMMUTABLE : NO_CACHE;
}
