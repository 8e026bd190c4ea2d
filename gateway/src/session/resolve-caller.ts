/**
 * Who is calling: auth's `GET /internal/session` answers for the request's cookies. Answers are cached a
 * few seconds by a hash of the cookie header, and concurrent lookups for one cookie share one call.
 */
import { createHash } from 'node:crypto';
import { SessionLookupSchema, type Caller } from '@platform/contracts';
import { INTERNAL_TOKEN_HEADER, REQUEST_ID_HEADER, signInternalToken } from '@platform/service-kit/identity';
import { traceHeaders } from '@platform/service-kit/runtime';
import { getJson } from '../upstream/get-json.js';
import type { UpstreamAgent } from '../upstream/upstream-agents.js';
import { UpstreamError } from '../upstream/upstream.errors.js';

const ANONYMOUS: Caller = { kind: 'anonymous' };
const MAX_CACHED_SESSIONS = 10_000;

export interface CallerResolver {
  /** Throws `UpstreamError` when auth cannot answer for a request that carries cookies. */
  resolveCaller(cookie: string | undefined, requestId: string): Promise<Caller>;
  /** Drops what is cached for this cookie header (a response changed the session: sign-in, sign-out). */
  forget(cookie: string): void;
}

export interface CallerResolverOptions {
  authUrl: string;
  internalTokenSecret: string;
  cacheMs: number;
  timeoutMs: number;
  agent?: UpstreamAgent;
  now?: () => number;
}

export function createCallerResolver(options: CallerResolverOptions): CallerResolver {
  const now = options.now ?? Date.now;
  const cache = new Map<string, { caller: Caller; expiresAt: number }>();
  const pending = new Map<string, Promise<Caller>>();

  async function lookUp(cookie: string, requestId: string): Promise<Caller> {
    const token = signInternalToken(ANONYMOUS, options.internalTokenSecret);
    const answer = await getJson(`${options.authUrl}/internal/session`, {
      upstream: 'auth',
      headers: { cookie, [INTERNAL_TOKEN_HEADER]: token, [REQUEST_ID_HEADER]: requestId, ...traceHeaders() },
      timeoutMs: options.timeoutMs,
      ...(options.agent ? { agent: options.agent } : {}),
    });
    const parsed = SessionLookupSchema.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) {
      throw new UpstreamError('auth', 'unavailable', {
        cause: new Error(
          `session lookup answered ${answer.status}${parsed.success ? '' : ' with an unexpected body'}`,
        ),
      });
    }
    return parsed.data.caller;
  }

  function remember(key: string, caller: Caller): void {
    if (options.cacheMs <= 0) return;
    if (cache.size >= MAX_CACHED_SESSIONS) {
      const at = now();
      for (const [cachedKey, entry] of cache) if (entry.expiresAt <= at) cache.delete(cachedKey);
      // Still full of live entries: drop the oldest.
      const oldest = cache.keys().next();
      if (cache.size >= MAX_CACHED_SESSIONS && !oldest.done) cache.delete(oldest.value);
    }
    cache.set(key, { caller, expiresAt: now() + options.cacheMs });
  }

  return {
    async resolveCaller(cookie, requestId) {
      if (!cookie) return ANONYMOUS;
      const key = keyOf(cookie);
      const cached = cache.get(key);
      if (cached) {
        if (cached.expiresAt > now()) return cached.caller;
        cache.delete(key);
      }
      let lookup = pending.get(key);
      if (!lookup) {
        lookup = lookUp(cookie, requestId)
          .then((caller) => {
            remember(key, caller);
            return caller;
          })
          .finally(() => pending.delete(key));
        pending.set(key, lookup);
      }
      return lookup;
    },
    forget(cookie) {
      cache.delete(keyOf(cookie));
    },
  };
}

function keyOf(cookie: string): string {
  return createHash('sha256').update(cookie).digest('base64url');
}
