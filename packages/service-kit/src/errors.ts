/** The one error type services throw on purpose; the error middleware maps its type to a status code. */
import type { ErrorBody } from '@platform/contracts';
import type { ZodError } from 'zod';

export type AppErrorType =
  | 'invalid' // 400
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'payload_too_large' // 413
  | 'unsupported_media_type' // 415
  | 'range_not_satisfiable' // 416
  | 'unprocessable' // 422
  | 'rate_limited' // 429
  | 'bad_gateway' // 502: a provider we depend on (Stripe, PayPal) failed or refused
  | 'unavailable'; // 503

const STATUS: Record<AppErrorType, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  unprocessable: 422,
  rate_limited: 429,
  bad_gateway: 502,
  unavailable: 503,
};

export interface AppErrorIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly type: AppErrorType,
    message: string,
    readonly issues?: AppErrorIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[type];
  }

  toBody(): ErrorBody {
    return this.issues ? { message: this.message, issues: this.issues } : { message: this.message };
  }

  /** A 400 whose message is the first issue's, as the spec's forms show one message at a time. */
  /** One problem per field, the first its schema finds (a form shows one message under each field). */
  static fromZod(error: ZodError): AppError {
    const byPath = new Map<string, { path: string; message: string }>();
    for (const issue of error.issues) {
      const path = issue.path.join('.');
      if (!byPath.has(path)) byPath.set(path, { path, message: issue.message });
    }
    const issues = [...byPath.values()];
    return new AppError('invalid', issues[0]?.message ?? 'Invalid request', issues);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
