/**
 * A request whose body stops arriving is cut. Nothing else times the browser's side (UPSTREAM_TIMEOUT_MS
 * waits while the browser is the slow one, and the server has no request timeout, for long uploads): a
 * client that sent the headers of an upload and then nothing would keep its place among the requests in
 * flight (shed-load.ts) for as long as it kept the connection open, and a few such clients would take
 * every place. A body still arriving, however slowly, is never cut, nor one waiting for the service to
 * read it (that delay is ours), nor an answer the browser is slow to read (a paused video).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeMiddleware } from '../plain-http.js';

/**
 * How often a body still owed is looked at; one that sent nothing since the last look is cut, so a stalled
 * body goes within two of these (nginx's `client_body_timeout` is 60 s too).
 */
export const CLIENT_BODY_IDLE_MS = 60_000;

/** One of the gateway's steps (app.ts), right after the load shedder; `idleMs` 0 turns it off. */
export function cutStalledBodies(idleMs: number): NodeMiddleware {
  return (req, res, next) => {
    if (idleMs > 0 && declaresBody(req)) watchBody(req, res, idleMs);
    next();
  };
}

/** Most requests (reads) have no body and cost nothing here. */
function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function watchBody(req: IncomingMessage, res: ServerResponse, idleMs: number): void {
  const socket = req.socket;
  let bytesRead = socket.bytesRead;
  // Whether, at the last look, bytes that had arrived waited for the service to read them: the socket
  // stops reading while they do, so a quiet interval that began so is our delay, not the client's.
  let held = true;
  const timer = setTimeout(function checkBody() {
    if (req.complete || res.writableEnded || res.destroyed) return;
    const read = socket.bytesRead;
    if (read !== bytesRead || held || req.readableLength > 0) {
      bytesRead = read;
      held = req.readableLength > 0;
      timer.refresh();
      return;
    }
    req.log?.warn({ idleMs }, 'cut a request whose body stopped arriving');
    // No answer: the client is not sending, and the service's half-read request (proxied or in this
    // process) ends with the connection, as when a browser goes away.
    res.destroy();
  }, idleMs);
  timer.unref();
  res.once('close', () => clearTimeout(timer));
}
