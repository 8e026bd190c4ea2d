/**
 * The CSP sources (`'sha256-…'`) of the inline scripts in the shell's index.html (the theme set before
 * the first paint), so the Content-Security-Policy allows exactly those and no other inline code. Read
 * from the shell's build, again when it changes: a folder by modification time, `SHELL_ORIGIN` once the
 * last copy is older than the refresh period. Nothing readable means no hashes: the page then still
 * runs, without its pre-paint theme.
 */
import { createHash } from 'node:crypto';
import { stat, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface ShellLocation {
  dir: string;
  origin?: string | undefined;
}

// A front-end server on the same network answers in milliseconds; a page is not held longer than this.
const FETCH_TIMEOUT_MS = 2_000;
// A page's scripts end at the first `</script` (HTML's own rule), so this finds exactly what the
// browser hashes. Scripts with a `src` are not inline and need no hash.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /(?:^|\s)src\s*=/i;

/** The `'sha256-…'` source of each inline script, in page order, without repeats. */
export function hashInlineScripts(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (HAS_SRC.test(attributes)) continue;
    sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}

export interface InlineScriptHashes {
  /** The hashes of the shell as it is now (a folder is looked at again on each call). */
  (): Promise<string[]>;
  /** What the last call found, if it was made at most `maxAgeMs` ago; otherwise undefined. */
  recent(maxAgeMs: number): string[] | undefined;
}

export function createInlineScriptHashes(
  shell: ShellLocation,
  { refreshMs }: { refreshMs: number },
): InlineScriptHashes {
  let cached: { version: number; hashes: string[] } | undefined;
  let refreshing: Promise<string[]> | undefined;
  // Every answer asks: requests that arrive while the file is being looked at share that one look.
  let looking: Promise<Stats | null> | undefined;

  async function fromDir(dir: string): Promise<string[]> {
    const file = path.join(dir, 'index.html');
    // The callback form of stat: it is on every answer's path, and costs less than fs/promises' (Node 20).
    looking ??= new Promise<Stats | null>((resolve) => {
      stat(file, (error, stats) => {
        looking = undefined;
        resolve(error ? null : stats);
      });
    });
    const stats = await looking;
    if (!stats?.isFile()) return [];
    if (cached?.version === stats.mtimeMs) return cached.hashes;
    const hashes = hashInlineScripts(await readFile(file, 'utf8').catch(() => ''));
    cached = { version: stats.mtimeMs, hashes };
    return hashes;
  }

  function fromOrigin(origin: string): Promise<string[]> {
    if (cached && Date.now() - cached.version < refreshMs) return Promise.resolve(cached.hashes);
    refreshing ??= fetch(`${origin}/index.html`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
      .then(async (response) => (response.ok ? hashInlineScripts(await response.text()) : []))
      // While the shell's server cannot answer, the last hashes it gave stay in force.
      .catch(() => cached?.hashes ?? [])
      .then((hashes) => {
        cached = { version: Date.now(), hashes };
        return hashes;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  let last: { at: number; hashes: string[] } | undefined;
  const remember = (hashes: string[]) => {
    last = { at: Date.now(), hashes };
    return hashes;
  };
  const current = () => (shell.origin ? fromOrigin(shell.origin) : fromDir(shell.dir)).then(remember);
  return Object.assign(current, {
    recent: (maxAgeMs: number) => (last && Date.now() - last.at <= maxAgeMs ? last.hashes : undefined),
  });
}
