/**
 * `Link` preload hints sent with the shell's index.html: the files of the micro-frontend that owns the
 * requested page, so the browser fetches them beside the shell's own instead of one after another
 * (main.js → /remotes.json → manifest → remoteEntry.js → page chunks → the shell's copies of the shared
 * modules those use). From the builds, read again when they change (nothing is hard-coded, so a remote is
 * redeployed without touching the gateway or the shell):
 * - the shell's `route-owners.json` (which remote owns the path) and `shared-files.json` (the files of
 *   each shared module it provides, and those its index.html preloads already);
 * - the remote's manifest (remoteEntry.js, the files of `./routes`) and `shared-requires.json` (the shared
 *   modules `./routes` uses: the shell's copies are the ones loaded).
 * Any missing or odd input means fewer hints, never a failed page.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Where a front end's built files are: its folder, or its own server when `origin` is set. */
export interface BuiltFiles {
  dir: string;
  origin?: string | undefined;
}

export interface PreloadRemote extends BuiltFiles {
  /** Module Federation name, e.g. `mfe_public` (the key in route-owners.json). */
  name: string;
  /** Browser URL of its manifest, e.g. `/mfe/public/mf-manifest.json` (as /remotes.json lists it). */
  entry: string;
}

export interface PreloadLinksOptions {
  shell: BuiltFiles;
  remotes: readonly PreloadRemote[];
  /** How long a file read from an origin is reused before it is fetched again. */
  originCacheMs?: number;
}

/** The exposed module whose files the shell loads first (shell/README.md, conventions for remotes). */
const ROUTES_EXPOSE = './routes';
// Built file names only: anything else could break the header's syntax.
const SAFE_FILE = /^[\w.-]+(?:\/[\w.-]+)*$/;

type RouteOwners = Record<string, string[]>;

interface SharedFiles {
  startup?: unknown;
  shared?: Record<string, unknown>;
}

type SharedRequires = Record<string, unknown>;

interface ManifestAssets {
  js?: { sync?: unknown };
  css?: { sync?: unknown };
}

interface Manifest {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { path?: unknown; assets?: ManifestAssets }[];
}

/** Returns `(pathname) => Link header value | undefined`. */
export function createPreloadLinks({
  shell,
  remotes,
  originCacheMs = 10_000,
}: PreloadLinksOptions): (pathname: string) => Promise<string | undefined> {
  const readJson = createJsonReader(originCacheMs);

  return async (pathname) => {
    const owners = await readJson<RouteOwners>(shell, 'route-owners.json');
    const owner = owners && findOwner(owners, pathname);
    const remote = owner ? remotes.find((candidate) => candidate.name === owner) : undefined;
    if (!remote) return undefined;
    const [manifest, sharedRequires, sharedFiles] = await Promise.all([
      readJson<Manifest>(remote, path.posix.basename(remote.entry)),
      readJson<SharedRequires>(remote, 'shared-requires.json'),
      readJson<SharedFiles>(shell, 'shared-files.json'),
    ]);
    const links = [
      ...buildRemoteLinks(remote.entry, manifest),
      ...buildSharedLinks(listOf(sharedRequires?.[ROUTES_EXPOSE]), sharedFiles),
    ];
    return links.join(', ') || undefined;
  };
}

function preloadLink(url: string): string {
  return `<${url}>; rel=preload; as=${url.endsWith('.css') ? 'style' : 'script'}; fetchpriority=low`;
}

/**
 * The shell's files of the shared modules the remote's `./routes` uses, minus those the shell's
 * index.html preloads already. The shell is served at `/`.
 */
export function buildSharedLinks(keys: unknown[], sharedFiles: SharedFiles | undefined): string[] {
  const startup = new Set(listOf(sharedFiles?.startup));
  const files = new Set<string>();
  for (const key of keys) {
    if (typeof key !== 'string') continue;
    for (const file of listOf(sharedFiles?.shared?.[key])) {
      if (typeof file === 'string' && SAFE_FILE.test(file) && !startup.has(file)) files.add(file);
    }
  }
  return [...files].map((file) => preloadLink(`/${file}`));
}

/** Link values for a remote: the manifest always, the rest when the manifest names them. */
export function buildRemoteLinks(entry: string, manifest: Manifest | undefined): string[] {
  const links = [`<${entry}>; rel=preload; as=fetch; crossorigin=anonymous`];
  const publicPath = manifest?.metaData?.publicPath;
  // `auto`: the remote's files sit beside its manifest. Any other setting: left to the runtime.
  if (publicPath !== undefined && publicPath !== 'auto') return links;
  const base = entry.slice(0, entry.lastIndexOf('/') + 1);
  const file = (name: unknown) =>
    typeof name === 'string' && SAFE_FILE.test(name) ? `${base}${name}` : null;

  const remoteEntry = manifest?.metaData?.remoteEntry;
  const entryPath = typeof remoteEntry?.path === 'string' ? remoteEntry.path.replace(/^\/+|\/+$/g, '') : '';
  const remoteEntryUrl = file(entryPath ? `${entryPath}/${String(remoteEntry?.name)}` : remoteEntry?.name);
  if (remoteEntryUrl) links.push(preloadLink(remoteEntryUrl));

  const assets = manifest?.exposes?.find((expose) => expose.path === ROUTES_EXPOSE)?.assets;
  for (const name of listOf(assets?.css?.sync)) {
    const url = file(name);
    if (url) links.push(preloadLink(url));
  }
  for (const name of listOf(assets?.js?.sync)) {
    const url = file(name);
    if (url) links.push(preloadLink(url));
  }
  return links;
}

/** The remote owning `pathname`, matched like the shell's router: whole path, any case, `:param` segments. */
export function findOwner(owners: RouteOwners, pathname: string): string | undefined {
  const segments = splitPath(pathname);
  for (const [remote, patterns] of Object.entries(owners)) {
    if (!Array.isArray(patterns)) continue;
    if (patterns.some((pattern) => typeof pattern === 'string' && matches(splitPath(pattern), segments))) {
      return remote;
    }
  }
  return undefined;
}

function splitPath(value: string): string[] {
  return value.split('/').filter((segment) => segment !== '');
}

function matches(pattern: string[], segments: string[]): boolean {
  if (pattern.length !== segments.length) return false;
  return pattern.every((part, index) => {
    const segment = segments[index] ?? '';
    if (part.startsWith(':')) return !part.endsWith('?'); // optional segments are not used: no match
    return part.toLowerCase() === segment.toLowerCase();
  });
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

interface CachedJson {
  version: number;
  value: unknown;
  refreshing?: Promise<void>;
}

/**
 * Reads a JSON file of a built front end. From a folder: again whenever its modification time changes.
 * From an origin: at most every `originCacheMs`, answering with the previous copy while it refreshes.
 */
function createJsonReader(originCacheMs: number) {
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

  async function fetchJson(url: string): Promise<unknown> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return response.ok ? parseJson(await response.text()) : undefined;
    } catch {
      return undefined;
    }
  }

  async function fromOrigin(origin: string, file: string): Promise<unknown> {
    const url = `${origin}/${file}`;
    const cached = cache.get(url);
    if (!cached) {
      const value = await fetchJson(url);
      cache.set(url, { version: Date.now(), value });
      return value;
    }
    if (Date.now() - cached.version > originCacheMs && !cached.refreshing) {
      cached.refreshing = fetchJson(url).then((value) => {
        cache.set(url, { version: Date.now(), value });
      });
    }
    return cached.value;
  }

  return async <T>(source: BuiltFiles, file: string): Promise<T | undefined> => {
    const value = source.origin ? await fromOrigin(source.origin, file) : await fromDir(source.dir, file);
    return (value ?? undefined) as T | undefined;
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
