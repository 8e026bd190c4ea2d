/**
 * Test peers: tiny real HTTP servers that play the six services, so the gateway is tested over real
 * sockets. Each peer records what reached it (path, headers, the caller its internal token names).
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express, type Router } from 'express';
import type { Caller } from '@platform/contracts';
import { SERVICE_NAMES, type ServiceName } from '@platform/contracts/services';
import { createServiceApp, listen, type RunningServer } from '@platform/service-kit/http';
import { INTERNAL_TOKEN_HEADER, verifyInternalToken } from '@platform/service-kit/identity';
import type { Logger } from '@platform/service-kit/logger';

export const SECRET = 'test-internal-secret-0123456789abcdef';

export interface RunningPeer {
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

export async function startServer(listener: http.RequestListener): Promise<RunningPeer> {
  const server = http.createServer(listener);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A URL where nothing listens (connections are refused). */
export async function refusedUrl(): Promise<string> {
  const peer = await startServer((_req, res) => res.end());
  await peer.close();
  return peer.url;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The caller named by the internal token, or the reason it was refused. */
  caller: Caller | { refused: string };
}

export interface ServicePeer extends RunningPeer {
  name: ServiceName;
  seen: SeenRequest[];
  /** Number of `/internal/session` lookups (auth only). */
  sessionLookups: number;
  /** What `/readyz` answers. */
  ready: boolean;
}

export interface PeerOptions {
  /** Cookie value of `sid` → the caller auth answers for it (auth peer only). */
  sessions?: Record<string, Caller>;
  /** Routes mounted before the catch-all echo. */
  routes?: (router: Router) => void;
}

/** The caller a request's internal token names, or why it names none. */
function callerOf(token: string | undefined): Caller | { refused: string } {
  if (!token) return { refused: 'no token' };
  try {
    return verifyInternalToken(token, SECRET);
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

export async function startServicePeer(name: ServiceName, options: PeerOptions = {}): Promise<ServicePeer> {
  const app: Express = express();
  const state = { seen: [] as SeenRequest[], sessionLookups: 0, ready: true };

  app.get('/readyz', (_req, res) => {
    res.status(state.ready ? 200 : 503).json({ status: state.ready ? 'ready' : 'not-ready', service: name });
  });

  if (name === 'auth') {
    app.get('/internal/session', (req, res) => {
      state.sessionLookups += 1;
      // Auth is asked as the anonymous caller, through a valid token.
      const caller = callerOf(req.get(INTERNAL_TOKEN_HEADER));
      if (!('kind' in caller) || caller.kind !== 'anonymous') {
        res.status(401).json({ message: 'Requests must come through the gateway' });
        return;
      }
      const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.get('cookie') ?? '')?.[1];
      res.json({ caller: (sid && options.sessions?.[sid]) || { kind: 'anonymous' } });
    });
  }

  // Record every other request, with the caller its token names.
  app.use((req, _res, next) => {
    const caller = callerOf(req.get(INTERNAL_TOKEN_HEADER));
    state.seen.push({ method: req.method, url: req.url, headers: { ...req.headers }, caller });
    next();
  });

  const router = express.Router();
  options.routes?.(router);
  app.use(router);

  app.use((req, res) => {
    res.json({ service: name, method: req.method, url: req.url });
  });

  const running = await startServer(app);
  return {
    ...running,
    name,
    seen: state.seen,
    get sessionLookups() {
      return state.sessionLookups;
    },
    get ready() {
      return state.ready;
    },
    set ready(value: boolean) {
      state.ready = value;
    },
  };
}

export type Peers = Record<ServiceName, ServicePeer> & { closeAll(): Promise<void> };

export async function startServicePeers(
  options: Partial<Record<ServiceName, PeerOptions>> = {},
): Promise<Peers> {
  const started = await Promise.all(SERVICE_NAMES.map((name) => startServicePeer(name, options[name])));
  const byName = Object.fromEntries(started.map((peer) => [peer.name, peer])) as Record<
    ServiceName,
    ServicePeer
  >;
  return Object.assign(byName, {
    closeAll: async () => {
      await Promise.all(started.map((peer) => peer.close()));
    },
  });
}

/**
 * A course service built with the kit's own HTTP stack (its internal-token check and its access lines,
 * logged to `logger`), answering `routes`: where a test needs the services' real HTTP stack behind the
 * gateway rather than a peer.
 */
export function startKitCourse(logger: Logger, routes: (router: Router) => void): Promise<RunningServer> {
  return listen(
    createServiceApp({ service: 'course', logger, internalTokenSecret: SECRET, readiness: {}, routes }),
    0,
    '127.0.0.1',
  );
}

/** Environment for a gateway whose services are `urls`. */
export function gatewayEnv(
  urls: Record<ServiceName, string>,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    INTERNAL_TOKEN_SECRET: SECRET,
    AUTH_SERVICE_URL: urls.auth,
    COURSE_SERVICE_URL: urls.course,
    CONSULTATION_SERVICE_URL: urls.consultation,
    PAYMENT_SERVICE_URL: urls.payment,
    REVENUE_SERVICE_URL: urls.revenue,
    NOTIFICATION_SERVICE_URL: urls.notification,
    ...extra,
  };
}

export function urlsOf(peers: Record<ServiceName, { url: string }>): Record<ServiceName, string> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [name, peers[name].url])) as Record<
    ServiceName,
    string
  >;
}

/**
 * A peer's answer as the course gives its catalogue reads (docs/decisions.md, 50): 503 while it does not
 * answer, else `Cache-Control: public, no-cache` with `etag`, and 304 for a request that names it.
 */
export function answerRevalidated(
  req: express.Request,
  res: express.Response,
  { answering, etag, body }: { answering: boolean; etag: string; body: () => unknown },
): void {
  if (!answering) {
    res.status(503).json({ message: 'Service unavailable' });
    return;
  }
  res.set({ 'Cache-Control': 'public, no-cache', ETag: etag });
  if (req.get('if-none-match') === etag) res.status(304).end();
  else res.json(body());
}
