/**
 * The browser's one origin for the front end: the shell at `/`, each micro-frontend under `/mfe/<name>/`,
 * the runtime remotes list, and the SPA fallback. Each front end is either served from its built folder
 * or, when its *_ORIGIN is set, proxied from its own server.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Logger } from '@platform/service-kit';
import type { GatewayConfig } from '../config.js';
import { createUpstreamProxy } from '../upstream/create-upstream-proxy.js';
import type { UpstreamAgents } from '../upstream/upstream-agents.js';
import { cacheControlFor, NO_CACHE } from './cache-control.js';
import { createPreloadLinks } from './preload-links.js';

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
}

export function createFrontEndRouter({ config, agents, logger }: FrontEndOptions): Router {
  const router = express.Router();
  const fromOrigin = (name: string, origin: string) =>
    createUpstreamProxy({
      name,
      target: origin,
      agent: agents.agentFor(origin),
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      logger,
    });

  router.get('/remotes.json', (_req, res) => {
    res.setHeader('cache-control', NO_CACHE);
    res.json(REMOTES);
  });

  const remotes = [
    {
      name: 'mfe_public',
      prefix: '/mfe/public',
      dir: config.MFE_PUBLIC_DIR,
      origin: config.MFE_PUBLIC_ORIGIN,
    },
    {
      name: 'mfe_member',
      prefix: '/mfe/member',
      dir: config.MFE_MEMBER_DIR,
      origin: config.MFE_MEMBER_ORIGIN,
    },
    { name: 'mfe_admin', prefix: '/mfe/admin', dir: config.MFE_ADMIN_DIR, origin: config.MFE_ADMIN_ORIGIN },
  ];
  const preloadLinks = createPreloadLinks({
    shell: { dir: config.SHELL_DIR, origin: config.SHELL_ORIGIN },
    remotes: REMOTES.remotes.flatMap((listed) => {
      const remote = remotes.find((candidate) => candidate.name === listed.name);
      return remote ? [{ ...listed, dir: remote.dir, origin: remote.origin }] : [];
    }),
  });
  for (const remote of remotes) {
    // Mounted on its prefix, so the remote's own server sees paths relative to its build folder.
    router.use(
      remote.prefix,
      remote.origin
        ? fromOrigin(`${remote.prefix.slice(5)} front end`, remote.origin)
        : serveBuilt(remote.dir),
    );
  }

  // A page (the shell's index.html, whoever serves it) names the files of the remote that owns it.
  router.use(async (req, res, next) => {
    if (isPageRequest(req)) {
      try {
        const link = await preloadLinks(req.path);
        if (link) res.setHeader('link', link);
      } catch (error) {
        logger.warn({ err: error }, 'could not compute the preload hints of a page');
      }
    }
    next();
  });

  if (config.SHELL_ORIGIN) {
    // The shell's server answers its own files and its SPA fallback; paths are forwarded unchanged.
    const shell = fromOrigin('shell front end', config.SHELL_ORIGIN);
    router.use((req, res, next) => {
      if ((req.method === 'GET' || req.method === 'HEAD') && !NOT_SPA.test(req.path)) {
        void shell(req, res, next);
        return;
      }
      next();
    });
    return router;
  }

  router.use(serveBuilt(config.SHELL_DIR));
  router.use(serveShellIndex(config.SHELL_DIR));
  return router;
}

function serveBuilt(dir: string): RequestHandler {
  return express.static(dir, {
    index: 'index.html',
    redirect: false,
    dotfiles: 'ignore',
    cacheControl: false,
    // Front-end files are small and compressed; ranges of them are never needed.
    acceptRanges: false,
    setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(filePath)),
  });
}

/** Browser navigations to any client-side route get the shell's index.html. */
function serveShellIndex(shellDir: string): RequestHandler {
  const indexFile = path.join(shellDir, 'index.html');
  return async (req, res, next) => {
    if (!isPageRequest(req)) {
      next();
      return;
    }
    if (!(await isFile(indexFile))) {
      sendNotBuilt(res);
      return;
    }
    res.setHeader('cache-control', NO_CACHE);
    res.sendFile(indexFile, { cacheControl: false, acceptRanges: false }, (error) => {
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
