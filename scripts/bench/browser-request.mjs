// One request as a page of the site makes it, for the benchmarks that drive the site as browsers do.

/**
 * Same-origin, a JSON body if any, the session cookie if any, redirects not followed; answers the status,
 * the session cookie the answer set (`name=value`) and the body, read whole.
 */
export async function browserRequest(origin, method, pathname, { json, cookie } = {}) {
  const headers = { 'sec-fetch-site': 'same-origin' };
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${origin}${pathname}`, {
    method,
    headers,
    redirect: 'manual',
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = await response.arrayBuffer();
  const set = response.headers.getSetCookie().find((line) => /^(__Host-)?session=/.test(line));
  return { status: response.status, cookie: set?.split(';')[0], body };
}
