/**
 * Reads the JSON files a front end's build publishes (route list, manifest, shared-module lists) from its
 * folder or its own server, again whenever they may have changed, so a redeployed front end is followed
 * without restarting the gateway. A missing or unreadable file reads as `undefined`, never as an error.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Where a front end's built files are: its folder, or its own server when `origin` is set. */
export interface BuiltFiles {
  dir: string;
  origin?: string | undefined;
}

export type ReadBuiltJson = (source: BuiltFiles, file: string) => Promise<unknown>;

// A front-end server on the same network answers in milliseconds; a page is not held longer than this.
const FETCH_TIMEOUT_MS = 2_000;

interface CachedJson {
  /** Folder: the file's modification time. Origin: when it was fetched. */
  version: number;
  value: unknown;
  refreshing?: Promise<unknown>;
}

/**
 * From a folder: read again whenever the file's modification time changes. From an origin: fetched again
 * once older than `originCacheMs` (requests meanwhile share one fetch); while the server cannot be
 * reached or fails, the last copy it gave is kept, and a file it says is gone (4xx) reads as missing.
 */
export function createBuiltJsonReader({ originCacheMs }: { originCacheMs: number }): ReadBuiltJson {
  const cache = new Map<string, CachedJson>();

  async function fromDir(dir: string, file: string): Promise<unknown> {
    const filePath = path.join(dir, file);
    const stats = await stat(filePath).catch(() => null);
    if (!stats?.isFile()) {
      cache.delete(filePath);
      return undefined;
    }
    const cached = cache.get(filePath);
    if (cached?.version === stats.mtimeMs) return cached.value;
    const value = parseJson(await readFile(filePath, 'utf8').catch(() => ''));
    cache.set(filePath, { version: stats.mtimeMs, value });
    return value;
  }

  /** The file's JSON, `undefined` when the server says it has none, `unreachable` when it did not answer. */
  async function fetchJson(url: string): Promise<unknown> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (response.status >= 500) return UNREACHABLE;
      return response.ok ? parseJson(await response.text()) : undefined;
    } catch {
      return UNREACHABLE;
    }
  }

  function fromOrigin(origin: string, file: string): Promise<unknown> {
    const url = `${origin}/${file}`;
    const cached = cache.get(url);
    if (cached && Date.now() - cached.version < originCacheMs) return Promise.resolve(cached.value);
    if (cached?.refreshing) return cached.refreshing;
    const refreshing = fetchJson(url).then((fetched) => {
      const value = fetched === UNREACHABLE ? cache.get(url)?.value : fetched;
      cache.set(url, { version: Date.now(), value });
      return value;
    });
    cache.set(url, { version: cached?.version ?? 0, value: cached?.value, refreshing });
    return refreshing;
  }

  return async (source, file) => {
    const value = source.origin ? await fromOrigin(source.origin, file) : await fromDir(source.dir, file);
    return value ?? undefined;
  };
}

const UNREACHABLE = Symbol('unreachable');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
