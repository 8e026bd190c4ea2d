/**
 * Security headers (helmet) on every answer the gateway gives: pages, files, its own JSON and what the
 * services answer through it. A service's own header wins where it sets one (the test provider's
 * checkout page carries its own, stricter Content-Security-Policy). gateway/README.md explains each
 * source the policy allows.
 *
 * A built script, stylesheet, font or raster image keeps only the headers a browser reads on such a file
 * (`X-Content-Type-Options`, `Cross-Origin-Resource-Policy`, HSTS where it is on): the others (the policy,
 * the frame and referrer rules, COOP, …) govern a document and are ignored on a file the page loads, so
 * they go, about 0.7 KB on each of the ~18 files of a first view (docs/decisions.md, 61). The type of the
 * answer decides, not the name: a browser sent the shell's 404 page for `/missing.js` gets every header,
 * and so does an SVG (opened on its own, it is a document). The services' paths are left alone.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { GatewayConfig } from '../config.js';
import { pathOf, type NodeMiddleware } from '../plain-http.js';
import { isApiPath, isServicePath } from '../routes.js';
import { createInlineScriptHashes } from './inline-script-hashes.js';

/** Lesson players the member area and the course preview embed (see the player's media-source.ts). */
export const VIDEO_PLAYER_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** Paths that may name a built file a page loads (the answer's type then decides). */
const FILE_PATH = /\.(?:m?js|css|woff2?|ttf|otf|png|jpe?g|webp|avif|gif|ico)$/i;
/** Answers a page loads without rendering them: scripts, stylesheets, fonts, raster images (not SVG). */
const SUBRESOURCE_TYPE = /^(?:text\/javascript|application\/javascript|text\/css|font\/|image\/(?!svg))/i;
/** What governs only a document, dropped from such answers. */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Drops DOCUMENT_ONLY_HEADERS as the answer starts, if it turns out to be a subresource (or a 304). */
function dropDocumentHeadersFromFiles(res: ServerResponse): void {
  const writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  res.writeHead = function writeHeadOfFile(this: ServerResponse, ...args: unknown[]) {
    const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
    const type = String(this.getHeader('content-type') ?? '');
    if (SUBRESOURCE_TYPE.test(type) || (status === 304 && type === '')) {
      for (const name of DOCUMENT_ONLY_HEADERS) this.removeHeader(name);
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** How old the inline scripts' hashes on an API answer may be (a page's are looked up for it). */
const API_HASHES_MAX_AGE_MS = 1_000;

/** HSTS only where the site is served over HTTPS: production with secure cookies (the default there). */
export function usesHsts(config: GatewayConfig): boolean {
  return config.NODE_ENV === 'production' && (config.COOKIE_SECURE ?? true);
}

/**
 * Where browsers fetch stored files from in the distributed mode: lesson videos and consultation
 * photos/videos answer with a redirect to a presigned URL on the object store's public address.
 */
export function storageOrigin(config: GatewayConfig): string | undefined {
  const endpoint = config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT;
  return endpoint ? new URL(endpoint).origin : undefined;
}

export function securityHeaders(config: GatewayConfig): NodeMiddleware {
  const inlineScriptHashes = createInlineScriptHashes(
    { dir: config.SHELL_DIR, origin: config.SHELL_ORIGIN },
    { refreshMs: config.FRONT_END_REFRESH_MS },
  );
  const storage = storageOrigin(config);
  const stored = storage ? [storage] : [];
  const hashes = new WeakMap<ServerResponse, string>();
  const hashesOf = (_req: IncomingMessage, res: ServerResponse) => hashes.get(res) ?? '';

  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Our own files only, plus the shell's inline theme script by its hash: no 'unsafe-inline', no
        // 'unsafe-eval' (the front ends turn zod's eval probe off).
        scriptSrc: ["'self'", hashesOf],
        scriptSrcAttr: ["'none'"],
        // Radix's scroll lock (react-remove-scroll) writes <style> elements whose content is computed at
        // run time (the scroll bar's width), so no hash or build-time nonce can name them. Styles cannot
        // run code, and img-src/font-src/connect-src keep them from reaching any other server.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // data: the shell's empty favicon (`data:,`) and the instructor's SVG avatar; blob: previews of
        // the photos a visitor picks for a consultation.
        imgSrc: ["'self'", 'data:', 'blob:', ...stored],
        // blob: the media source hls.js feeds a lesson's adaptive streams through, where the browser
        // has no HLS of its own.
        mediaSrc: ["'self'", 'blob:', ...stored],
        fontSrc: ["'self'"],
        // hls.js fetches playlists and segments itself; on S3 segments redirect to the object store.
        connectSrc: ["'self'", ...stored],
        frameSrc: VIDEO_PLAYER_ORIGINS,
        workerSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Embedded players and the object store would each have to opt in to COEP; nothing here needs it.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: usesHsts(config)
      ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false }
      : false,
    xFrameOptions: { action: 'deny' },
  });

  // The headers helmet sets depend only on the inline scripts' hashes: worked out once for each list of
  // hashes (one per build of the shell) and then set as they are, instead of helmet's chain per answer.
  type Step = [name: string, value: string | undefined];
  let recorded: { sources: string; steps: Step[] } | undefined;
  function stepsFor(req: IncomingMessage, sources: string): Step[] | Error {
    if (recorded?.sources === sources) return recorded.steps;
    const steps: Step[] = [];
    const recorder = {
      setHeader: (name: string, value: unknown) => steps.push([name, String(value)]),
      removeHeader: (name: string) => steps.push([name, undefined]),
    } as unknown as ServerResponse;
    hashes.set(recorder, sources);
    let failure: Error | undefined;
    headers(req, recorder, (error?: unknown) => {
      if (error) failure = error instanceof Error ? error : new Error(String(error));
    });
    if (failure) return failure;
    recorded = { sources, steps };
    return steps;
  }

  let joined: { hashes: string[]; sources: string } | undefined;
  const sourcesOf = (hashes: string[]) => {
    if (joined?.hashes !== hashes) joined = { hashes, sources: hashes.join(' ') };
    return joined.sources;
  };

  const setHeaders = (
    req: IncomingMessage,
    res: ServerResponse,
    next: (error?: unknown) => void,
    sources: string,
  ) => {
    const steps = stepsFor(req, sources);
    if (steps instanceof Error) {
      next(steps);
      return;
    }
    for (const [name, value] of steps) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    const path = pathOf(req.url);
    if (path !== undefined && FILE_PATH.test(path) && !isServicePath(path)) dropDocumentHeadersFromFiles(res);
    next();
  };

  return function setSecurityHeaders(req, res, next) {
    // The hashes name the shell's inline scripts, which only its pages run: an API answer takes what a
    // look at most API_HASHES_MAX_AGE_MS old found (then without waiting for anything), instead of
    // looking at the shell's file again.
    const path = pathOf(req.url);
    const recent =
      path !== undefined && isApiPath(path) ? inlineScriptHashes.recent(API_HASHES_MAX_AGE_MS) : undefined;
    if (recent) {
      setHeaders(req, res, next, sourcesOf(recent));
      return undefined;
    }
    return inlineScriptHashes().then(
      (hashes) => setHeaders(req, res, next, sourcesOf(hashes)),
      (error: unknown) => {
        req.log?.warn({ err: error }, 'could not read the inline scripts of the shell');
        setHeaders(req, res, next, '');
      },
    );
  };
}
