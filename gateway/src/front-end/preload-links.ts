/**
 * `Link` preload hints sent with the shell's index.html: the files of the micro-frontend that owns the
 * requested page, so the browser fetches them beside the shell's own instead of one after another
 * (main.js → /remotes.json → manifest → remoteEntry.js → page chunks). From the remote's Module
 * Federation manifest (`mf-manifest.json`: remoteEntry.js and the files of `./routes`), read again when it
 * changes (nothing is hard-coded, so a remote is redeployed without touching the gateway or the shell).
 * The shared modules the shell's first render uses are in its initial scripts, which index.html loads
 * (docs/decisions/0077-the-front-end-build-uses-documented-options-only.md). Which remote owns the page is
 * client-routes.ts's answer. Any missing or odd input means fewer hints, never a failed page.
 */
import path from 'node:path';
import type { RemoteFrontEnd } from './client-routes.js';
import type { ReadBuiltJson } from './read-built-json.js';

export interface PreloadLinksOptions {
  readJson: ReadBuiltJson;
}

/** The exposed module whose files the shell loads first (shell/README.md, conventions for remotes). */
const ROUTES_EXPOSE = './routes';
// Built file names only: anything else could break the header's syntax.
const SAFE_FILE = /^[\w.-]+(?:\/[\w.-]+)*$/;

interface ManifestAssets {
  js?: { sync?: unknown };
  css?: { sync?: unknown };
}

interface Manifest {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { path?: unknown; assets?: ManifestAssets }[];
}

/** Returns `(remote that owns the page) => Link header value | undefined`. */
export function createPreloadLinks({
  readJson,
}: PreloadLinksOptions): (remote: RemoteFrontEnd) => Promise<string | undefined> {
  return async (remote) => {
    const manifest = (await readJson(remote, path.posix.basename(remote.entry))) as Manifest | undefined;
    return buildRemoteLinks(remote.entry, manifest).join(', ') || undefined;
  };
}

function preloadLink(url: string): string {
  return `<${url}>; rel=preload; as=${url.endsWith('.css') ? 'style' : 'script'}; fetchpriority=low`;
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

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
