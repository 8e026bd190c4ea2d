/** Public-site spec §8: a non-OK answer becomes `Error("<status>: <body text or status text>")`. */
export async function throwIfResponseNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const bodyText = await res.text().catch(() => '');
  throw new Error(`${res.status}: ${bodyText || res.statusText}`);
}

/**
 * The one way the front ends call the API (spec §7): cookies included, a JSON body with its content
 * type when `data` is given. Resolves with the OK response; throws the spec §8 error otherwise.
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResponseNotOk(res);
  return res;
}
