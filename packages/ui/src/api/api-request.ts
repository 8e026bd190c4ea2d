/**
 * The one way the front ends call the API: cookies included, a JSON body with its content type when
 * `data` is given. Resolves with the OK response; any other answer rejects with an `ApiError`.
 */
import { ApiError } from './api-error';

export type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  /** Extra request headers (an upload token). */
  headers?: Record<string, string>;
  /** Added to the address as a query string, each value encoded; null and undefined are left out. */
  query?: Record<string, QueryValue>;
  /** Let the request outlive the page (a last save when leaving it). */
  keepalive?: boolean;
  /**
   * 'manual': a redirect is the outcome and is not followed (a form action that answers 303 to a page,
   * which a script cannot fetch as the page). The browser hides it as an opaque answer; it resolves.
   */
  redirect?: 'follow' | 'manual';
  signal?: AbortSignal;
};

/** `url` with `query` appended (`?a=1&b=x%40y`), keeping any query it already has. */
function withQuery(url: string, query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.append(name, String(value));
  }
  const text = search.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

/** A browser's opaque redirect, or (outside a browser) the 3xx answer itself. */
function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  { headers = {}, query, keepalive, redirect = 'follow', signal }: ApiRequestOptions = {},
): Promise<Response> {
  const hasBody = data !== undefined;
  const response = await fetch(withQuery(url, query), {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: 'include',
    keepalive,
    redirect,
    signal,
  });
  if (!response.ok && !(redirect === 'manual' && isRedirect(response))) {
    throw await ApiError.fromResponse(response);
  }
  return response;
}
