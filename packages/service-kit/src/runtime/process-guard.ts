/**
 * The net under every request of a process: an uncaught exception or unhandled rejection is never
 * silent, and one request's error does not take the process (in the embedded mode: the whole site) down.
 *
 * - An uncaught exception thrown while working for a request (its context: http/request-context.ts) is
 *   logged under that request's service and the request is answered 500 (or cut off, if its answer had
 *   begun). The process keeps running: the error belongs to one request, whose objects are dropped with
 *   it, and exiting would let anyone who finds such a bug restart the service at will.
 * - An uncaught exception outside any request (a background task) leaves state nobody can vouch for.
 *   `outsideRequest: 'exit'` (a lone service: its supervisor starts a fresh one) logs it and exits 1;
 *   `'keep-running'` (the embedded mode, where exiting would stop every service) logs it and goes on.
 * - An unhandled rejection is logged (under its service when it has one) and nothing else: the request
 *   it came from, if any, may still answer, and nothing was left half-done synchronously.
 */
import type { ServerResponse } from 'node:http';
import type { Logger } from '../logger.js';
import { currentRequestContext } from '../http/request-context.js';

export interface ProcessGuardOptions {
  /** Logs what no request claims. */
  logger: Logger;
  outsideRequest: 'exit' | 'keep-running';
  /** How to exit with `outsideRequest: 'exit'` (default: process.exit); e.g. a graceful stop first. */
  exit?: (code: number) => void;
}

/** Installs the handlers; returns a function that removes them again. */
export function installProcessGuard(options: ProcessGuardOptions): () => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));

  const onUncaughtException = (error: Error, origin: string) => {
    try {
      const context = currentRequestContext();
      if (context) {
        context.logger.error(
          { err: error, origin, ...naming(context.logger, context.service) },
          'an error escaped a request; it was answered 500',
        );
        answerInternalError(context.res);
        return;
      }
      options.logger.fatal({ err: error, origin }, 'uncaught exception outside any request');
    } catch (loggingFailed) {
      // Never throw from here: Node would end the process with code 7.
      console.error('uncaught exception', error, 'and the guard failed to handle it', loggingFailed);
    }
    if (options.outsideRequest === 'exit') exit(1);
  };

  const onUnhandledRejection = (reason: unknown) => {
    try {
      const context = currentRequestContext();
      const logger = context?.logger ?? options.logger;
      logger.error(
        { err: reason, ...(context && naming(logger, context.service)) },
        'unhandled promise rejection',
      );
    } catch (loggingFailed) {
      console.error('unhandled promise rejection', reason, 'and the guard failed to log it', loggingFailed);
    }
  };

  process.on('uncaughtException', onUncaughtException);
  process.on('unhandledRejection', onUnhandledRejection);
  return () => {
    process.off('uncaughtException', onUncaughtException);
    process.off('unhandledRejection', onUnhandledRejection);
  };
}

/** The service's name for a log line, unless its logger already writes it on every line. */
function naming(logger: Logger, service: string): { service?: string } {
  return logger.bindings().service === undefined ? { service } : {};
}

function answerInternalError(res: ServerResponse): void {
  if (res.writableEnded || res.destroyed) return;
  if (res.headersSent) {
    // Half an answer cannot be turned into an error any more; do not leave the client waiting.
    res.destroy();
    return;
  }
  res.statusCode = 500;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ message: 'Internal server error' }));
}
