/**
 * A small PayPal REST client over fetch: the OAuth client-credentials token (cached until shortly before it
 * expires, one request in flight at a time), JSON calls with a timeout, and PayPal's error bodies turned
 * into PaymentProviderError with PayPal's own issue code.
 */
import type { Clock } from '@platform/service-kit/clock';
import { withTraceHeaders } from '@platform/service-kit/runtime';
import type { z } from 'zod';
import { PaymentProviderError } from '../payment-provider.js';
import { PaypalErrorBodySchema, PaypalTokenSchema } from './paypal-schemas.js';

export interface PaypalClientOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com, the sandbox, or a local server in tests. */
  apiBase: string;
  clock: Clock;
  fetch?: typeof fetch;
  /** Per request, in milliseconds. Default 20 s. */
  timeoutMs?: number;
}

export interface PaypalRequest {
  method: 'GET' | 'POST';
  path: string;
  /** An object to send as JSON, or JSON text to send as it is (webhook events keep their exact bytes). */
  body?: unknown;
  rawJsonBody?: string;
  /** `PayPal-Request-Id`: PayPal answers a repeated request with the first answer. */
  requestId?: string;
  /** What we were doing, for the error message ("create the order"). */
  action: string;
}

/** Renew the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export class PaypalClient {
  private readonly fetch: typeof fetch;
  private readonly apiBase: string;
  private readonly timeoutMs: number;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly options: PaypalClientOptions) {
    // Each call continues the trace of the request that made it (docs/decisions.md, 82).
    this.fetch = withTraceHeaders(options.fetch ?? globalThis.fetch);
    this.apiBase = options.apiBase.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  /** Calls the API and validates the answer with `schema`; a 401 renews the token and tries once more. */
  async request<S extends z.ZodType>(request: PaypalRequest, schema: S): Promise<z.infer<S>> {
    let response = await this.send(request, await this.accessToken());
    if (response.status === 401) {
      this.token = null;
      response = await this.send(request, await this.accessToken());
    }
    const body = await readJson(response);
    if (!response.ok) throw toPaypalError(request.action, response.status, body);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new PaymentProviderError(
        'paypal',
        `PayPal answered in an unexpected form when asked to ${request.action}.`,
      );
    }
    return parsed.data;
  }

  private async send(request: PaypalRequest, token: string): Promise<Response> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      Prefer: 'return=representation',
    };
    let body: string | undefined;
    if (request.rawJsonBody !== undefined || request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = request.rawJsonBody ?? JSON.stringify(request.body);
    }
    if (request.requestId) headers['PayPal-Request-Id'] = request.requestId;
    return this.fetchOrThrow(
      `${this.apiBase}${request.path}`,
      { method: request.method, headers, body },
      request.action,
    );
  }

  private accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.options.clock.now().getTime())
      return Promise.resolve(this.token.value);
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const response = await this.fetchOrThrow(
      `${this.apiBase}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${basic}`,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      },
      'sign in',
    );
    const body = await readJson(response);
    if (response.status === 401) {
      throw new PaymentProviderError(
        'paypal',
        'PayPal refused our client id and secret.',
        401,
        'invalid_client',
      );
    }
    if (!response.ok) throw toPaypalError('sign in', response.status, body);
    const token = PaypalTokenSchema.safeParse(body);
    if (!token.success)
      throw new PaymentProviderError('paypal', 'PayPal answered the sign-in in an unexpected form.');
    const lifetimeMs = Math.max(token.data.expires_in * 1000 - TOKEN_MARGIN_MS, 0);
    this.token = {
      value: token.data.access_token,
      expiresAt: this.options.clock.now().getTime() + lifetimeMs,
    };
    return token.data.access_token;
  }

  private async fetchOrThrow(url: string, init: RequestInit, action: string): Promise<Response> {
    try {
      return await this.fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new PaymentProviderError(
        'paypal',
        timedOut
          ? `PayPal did not answer in time when asked to ${action}.`
          : `Could not reach PayPal to ${action}.`,
      );
    }
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** PayPal names the problem in `details[0].issue` (ORDER_NOT_APPROVED) or `name`; keep both for callers. */
function toPaypalError(action: string, status: number, body: unknown): PaymentProviderError {
  const parsed = PaypalErrorBodySchema.safeParse(body);
  const error = parsed.success ? parsed.data : {};
  const detail = error.details?.[0];
  const code = detail?.issue ?? error.name ?? error.error ?? null;
  const reason = detail?.description ?? error.message ?? error.error_description ?? `HTTP ${status}`;
  const debug = error.debug_id ? ` (debug id ${error.debug_id})` : '';
  return new PaymentProviderError(
    'paypal',
    `PayPal could not ${action}: ${code ? `${code}: ` : ''}${reason}${debug}`,
    status,
    code,
  );
}
