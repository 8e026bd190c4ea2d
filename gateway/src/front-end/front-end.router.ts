/**
 * The browser's one origin for the front end: the shell at `/`, each micro-frontend under `/mfe/<name>/`,
 * the runtime remotes list, and the pages. Each front end is either served from its built folder or,
 * when its *_ORIGIN is set, proxied from its own server. A page is the shell's index.html: 200 for a path
 * a remote publishes (client-routes.ts), 404 for any other, so the shell shows its not-found screen
 * under an honest status.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Plugin } from 'http-proxy-middleware';
import type { Logger } from '@platform/service-kit/logger';
import { compressResponses } from '../compress-responses.js';
import type { GatewayConfig } from '../config.js';
import { getServiceUrl } from '../config.js';
import { resolveService } from '../routes.js';
import { createUpstreamProxy } from '../upstream/create-upstream-proxy.js';
import type { UpstreamAgents } from '../upstream/upstream-agents.js';
import { cacheControlFor, NO_CACHE } from './cache-control.js';
import { createClientRoutes, type RemoteFrontEnd, type RouteMatch } from './client-routes.js';
import type { HeldFiles } from './held-files.js';
import { sendPrecompressed, servePrecompressed } from './precompressed.js';
import { createLivePages, sendLivePage, type LivePages } from './live-pages.js';
import { findPrerenderedPage, PRERENDERED_DIR } from './prerendered.js';
import { createPreloadLinks } from './preload-links.js';
import { createBuiltJsonReader } from './read-built-json.js';

export const REMOTES = {
  remotes: [
    { name: 'mfe_public', entry: '/mfe/public/mf-manifest.json' },
    { name: 'mfe_member', entry: '/mfe/member/mf-manifest.json' },
    { name: 'mfe_admin', entry: '/mfe/admin/mf-manifest.json' },
  ],
};

/** Paths that never fall back to the shell's index.html. */
const NOT_SPA = /^\/(?:api|video-stream|mfe)(?:\/|$)/;

export interface FrontEndOptions {
  config: GatewayConfig;
  agents: UpstreamAgents;
  logger: Logger;
  /** Where copies of content-hashed files are held once sent (held-files.ts); the app answers from it. */
  held?: HeldFiles;
}

export function createFrontEndRouter({ config, agents, logger, held }: FrontEndOptions): Router {
  const router = express.Router();
  const fromOrigin = (name: string, origin: string, plugins?: Plugin<Request, Response>[]) =>
    createUpstreamProxy({
      name,
      target: origin,
      agent: agents.agentFor(origin),
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      logger,
      plugins,
    });

  const settings: Record<string, { dir: string; origin: string | undefined }> = {
    mfe_public: { dir: config.MFE_PUBLIC_DIR, origin: config.MFE_PUBLIC_ORIGIN },
    mfe_member: { dir: config.MFE_MEMBER_DIR, origin: config.MFE_MEMBER_ORIGIN },
    mfe_admin: { dir: config.MFE_ADMIN_DIR, origin: config.MFE_ADMIN_ORIGIN },
  };
  const remotes: RemoteFrontEnd[] = REMOTES.remotes.flatMap((listed) => {
    const remote = settings[listed.name];
    return remote ? [{ ...listed, ...remote }] : [];
  });
  const readJson = createBuiltJsonReader({ originCacheMs: config.FRONT_END_REFRESH_MS });
  const clientRoutes = createClientRoutes({ remotes, readJson });
  const preloadLinks = createPreloadLinks({ readJson });

  // Built files with a precompressed copy never reach this: it is for the others and /remotes.json.
  const compress = compressResponses();

  router.get('/remotes.json', compress, async (_req, res) => {
    const listed = await clientRoutes.list();
    res.setHeader('cache-control', NO_CACHE);
    res.json({ remotes: listed });
  });

  for (const remote of remotes) {
    const prefix = remote.entry.slice(0, remote.entry.lastIndexOf('/'));
    // Mounted on its prefix, so the remote's own server sees paths relative to its build folder.
    if (remote.origin) router.use(prefix, fromOrigin(`${prefix.slice(5)} front end`, remote.origin));
    else {
      router.use(prefix, servePrecompressed(remote.dir, { held, prefix }), compress, serveBuilt(remote.dir));
    }
  }

  /** Whose page this is, with the `Link` hints naming the files of the remote that owns it. */
  async function preparePage(req: Request, res: Response): Promise<RouteMatch> {
    let match: RouteMatch;
    try {
      match = await clientRoutes.match(req.path);
    } catch (error) {
      logger.warn({ err: error }, 'could not read the client routes');
      return { kind: 'undecided' };
    }
    if (match.kind === 'owned') {
      try {
        const link = await preloadLinks(match.remote);
        if (link) res.setHeader('link', link);
      } catch (error) {
        logger.warn({ err: error }, 'could not compute the preload hints of a page');
      }
    }
    return match;
  }

  if (config.SHELL_ORIGIN) {
    // The shell's server answers its own files and its SPA fallback; paths are forwarded unchanged.
    const shell = fromOrigin('shell front end', config.SHELL_ORIGIN);
    const shellNotFound = fromOrigin('shell front end', config.SHELL_ORIGIN, [answerPageAsNotFound]);
    router.use(async (req, res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path)) {
        next();
        return;
      }
      if (!acceptsHtml(req) || (await preparePage(req, res)).kind !== 'unknown') {
        void shell(req, res, next);
        return;
      }
      // The whole page, so the status can be changed (a 304 would keep the browser's 200).
      delete req.headers['if-none-match'];
      delete req.headers['if-modified-since'];
      void shellNotFound(req, res, next);
    });
    return router;
  }

  // The renderer and template of the prerendered pages are the gateway's, not the browser's.
  router.use(`/${PRERENDERED_DIR}/`, (_req, _res, next) => next('router'));
  const livePages = createLivePages({
    shellDir: config.SHELL_DIR,
    serviceUrlFor: (apiPath) => {
      const service = resolveService(apiPath);
      return service ? { service, url: getServiceUrl(config, service) } : null;
    },
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    agentFor: (origin) => agents.agentFor(origin),
    logger,
  });
  // `/` is a page like the others (the page handler below), not the folder's index.
  router.use(
    servePrecompressed(config.SHELL_DIR, { held }),
    compress,
    serveBuilt(config.SHELL_DIR, { index: false }),
  );
  router.use(serveShellIndex(config.SHELL_DIR, preparePage, livePages));
  return router;
}

/** The shell server's fallback page for a path that is no page: the same HTML, with 404. */
const answerPageAsNotFound: Plugin<Request, Response> = (proxy) => {
  proxy.on('proxyRes', (proxyRes) => {
    const isHtml = /^text\/html\b/i.test(String(proxyRes.headers['content-type'] ?? ''));
    if (proxyRes.statusCode === 200 && isHtml) {
      proxyRes.statusCode = 404;
      proxyRes.statusMessage = 'Not Found';
    }
  });
};

/**
 * The built files themselves (precompressed.ts sent the copies it could). Whole files may be compressed on
 * the way (a development build has no copies); a request for a byte range gets the bytes it names, as
 * they are on disk.
 */
function serveBuilt(dir: string, { index = true } = {}): RequestHandler {
  const serve = (acceptRanges: boolean) =>
    express.static(dir, {
      index: index ? 'index.html' : false,
      redirect: false,
      dotfiles: 'ignore',
      cacheControl: false,
      acceptRanges,
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(filePath)),
    });
  const whole = serve(false);
  const ranges = serve(true);
  return (req, res, next) => (req.headers.range === undefined ? whole : ranges)(req, res, next);
}

/** Browser navigations get the shell's index.html: 200 for a client route, 404 for a path that is none. */
function serveShellIndex(
  shellDir: string,
  preparePage: (req: Request, res: Response) => Promise<RouteMatch>,
  livePages: LivePages,
): RequestHandler {
  const indexFile = path.join(shellDir, 'index.html');
  return async (req, res, next) => {
    // `/` is the site's address: whatever a client accepts, it gets the page there.
    const isHome = (req.method === 'GET' || req.method === 'HEAD') && req.path === '/';
    if (!isPageRequest(req) && !isHome) {
      next();
      return;
    }
    if (!(await isFile(indexFile))) {
      sendNotBuilt(res);
      return;
    }
    const status = (await preparePage(req, res)).kind === 'unknown' ? 404 : 200;
    // A public page prerendered at build time is sent with its markup in place (prerendered.ts).
    const prerendered = status === 200 ? await findPrerenderedPage(shellDir, req.path) : undefined;
    // A prerendered page loads its own small entry, not the remote's files (docs/decisions.md, 87).
    if (prerendered) res.removeHeader('link');
    // One that shows API data is drawn with the current answers (live-pages.ts, docs/decisions.md, 110).
    const live = prerendered ? await livePages.page(req.path) : undefined;
    if (live) {
      sendLivePage(req, res, live);
      return;
    }
    const pageFile = prerendered ?? indexFile;
    if (await sendPrecompressed(req, res, pageFile, { status })) return;
    res.status(status);
    res.setHeader('cache-control', NO_CACHE);
    res.sendFile(pageFile, { cacheControl: false, acceptRanges: false }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}

/** A browser navigation: GET/HEAD for HTML, outside the API, the video stream and the remotes' files. */
function isPageRequest(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !NOT_SPA.test(req.path) && acceptsHtml(req);
}

function acceptsHtml(req: Request): boolean {
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('application/xhtml+xml');
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Front end not built</title></head>
<body>
<h1>The front end is not built yet</h1>
<p>The gateway and the services are running, but there is no built shell to serve. Run <code>npm run build</code> and reload this page.</p>
</body>
</html>
`;

function sendNotBuilt(res: Response): void {
  res.status(503).setHeader('cache-control', 'no-store').type('html').send(NOT_BUILT_PAGE);
}
