/**
 * A streaming reverse proxy to one upstream (http-proxy-middleware with a keep-alive agent). Bodies pass
 * through untouched in both directions (uploads, downloads, Range/206), except that a large text or JSON
 * answer is compressed for the browser (compress-responses.ts). An upstream that is down answers 502, one
 * that goes quiet for longer than the timeout 504, both as JSON `{ message }`.
 */
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware, type Plugin } from 'http-proxy-middleware';
import type { Logger } from '@platform/service-kit/logger';
import { compressUpstreamAnswers } from '../compress-responses.js';
import type { UpstreamAgent } from './upstream-agents.js';
import { describeFailure, UpstreamError } from './upstream.errors.js';

export interface UpstreamProxyOptions {
  /** Names the upstream in logs and error messages ("course" → "Course service is unavailable"). */
  name: string;
  target: string;
  agent: UpstreamAgent;
  /** Inactivity allowed while the gateway waits on the upstream. */
  timeoutMs: number;
  logger: Logger;
  /** More http-proxy listeners, e.g. to adjust the answer before it goes to the browser. */
  plugins?: Plugin<Request, Response>[];
}

export function createUpstreamProxy(options: UpstreamProxyOptions): RequestHandler {
  const handled = new WeakSet<Response>();

  const watchInactivity: Plugin<Request, Response> = (proxy) => {
    proxy.on('proxyReq', (proxyReq, req, res) => {
      watchUpstream({ proxyReq, req, res, timeoutMs: options.timeoutMs, name: options.name });
      // The browser went away: stop the upstream work too.
      res.on('close', () => {
        if (!res.writableFinished) proxyReq.destroy();
      });
    });
    proxy.on('proxyRes', (proxyRes, _req, res) => {
      // The upstream died mid-body: end the browser's response too instead of leaving it hanging.
      proxyRes.on('aborted', () => res.destroy());
      res.on('close', () => {
        if (!res.writableFinished) proxyRes.destroy();
      });
    });
  };

  const answerErrors: Plugin<Request, Response> = (proxy) => {
    proxy.on('error', (error, req, res) => {
      if (!('writeHead' in res)) {
        res.destroy();
        return;
      }
      if (handled.has(res)) return;
      handled.add(res);
      const failure = error instanceof UpstreamError ? error.failure : 'unavailable';
      const log = req.log ?? options.logger;
      log.warn({ err: error, upstream: options.name, failure }, 'upstream request failed');
      req.unpipe();
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      res.statusCode = failure === 'timeout' ? 504 : 502;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      res.end(JSON.stringify({ message: describeFailure(options.name, failure) }));
    });
    // The browser hung up; http-proxy aborts the upstream request itself.
    proxy.on('econnreset', () => {});
  };

  return createProxyMiddleware<Request, Response>({
    target: options.target,
    agent: options.agent,
    changeOrigin: false,
    // The API proxy sets the one forwarding header services read (security/client-address.ts).
    xfwd: false,
    ws: false,
    ejectPlugins: true,
    plugins: [watchInactivity, answerErrors, ...(options.plugins ?? []), compressUpstreamAnswers()],
  });
}

interface WatchOptions {
  proxyReq: ClientRequest;
  req: IncomingMessage;
  res: Response;
  timeoutMs: number;
  name: string;
}

/**
 * Fails the upstream request after `timeoutMs` without progress that the upstream owes us. When the
 * browser is the slow side (still sending its body, or not reading the answer fast enough), waiting
 * is not the upstream's fault and the clock restarts.
 */
function watchUpstream({ proxyReq, req, res, timeoutMs, name }: WatchOptions): void {
  let responseStarted = false;
  const timer = setTimeout(function checkProgress() {
    if (res.writableFinished || res.destroyed || proxyReq.destroyed) return;
    const browserSlowToSend = !responseStarted && !req.complete && !proxyReq.writableNeedDrain;
    const browserSlowToRead = responseStarted && res.writableNeedDrain;
    if (browserSlowToSend || browserSlowToRead) {
      timer.refresh();
      return;
    }
    proxyReq.destroy(new UpstreamError(name, 'timeout'));
  }, timeoutMs);
  timer.unref();
  const progress = () => timer.refresh();
  const stop = () => clearTimeout(timer);
  req.on('data', progress);
  proxyReq.on('drain', progress);
  proxyReq.on('response', (proxyRes: IncomingMessage) => {
    responseStarted = true;
    progress();
    proxyRes.on('data', progress);
    proxyRes.on('end', stop);
    proxyRes.on('close', stop);
  });
  proxyReq.on('error', stop);
  res.on('close', stop);
}
