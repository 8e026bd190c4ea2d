/// <reference types="node" />
// A real local HTTP server: the helpers are checked against what fetch actually sends and receives.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../api-error';
import { apiRequest } from '../api-request';
import { getQueryFn } from '../get-query-fn';
import { parsedQueryFn, parsedQueryFnOrNull, requestParsed } from '../parse-answer';
import { defineParsedQuery, defineParsedQueryFamily } from '../define-query';
import { sendForOutcome } from '../send-for-outcome';
import type { QueryFunctionContext } from '@tanstack/react-query';

type SeenRequest = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };

let server: Server;
let baseUrl: string;
const seen: SeenRequest[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      switch (req.url?.split('?')[0]) {
        case '/missing':
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
          return;
        case '/empty-error':
          res.writeHead(503).end();
          return;
        case '/unauthorized':
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
          return;
        case '/pay':
          // A form action: done, and off to a page that only a browser navigation is served.
          res.writeHead(303, { location: '/page' }).end();
          return;
        case '/page':
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
          return;
        case '/link-sent':
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ success: true, message: 'Check your inbox' }));
          return;
        case '/refused':
          res.writeHead(400, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              message: 'Please enter a valid email address',
              issues: [{ path: 'email', message: 'Please enter a valid email address' }],
            }),
          );
          return;
        default:
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

function queryContext<Key extends readonly unknown[]>(queryKey: Key) {
  return {
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
  } as unknown as QueryFunctionContext<Key>;
}

/** The rejection of `promise`, which must reject. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('apiRequest', () => {
  it('sends data as a JSON body with a JSON content type and resolves with the OK response', async () => {
    const res = await apiRequest('POST', `${baseUrl}/echo`, { email: 'owner@example.com' });
    expect(res.status).toBe(200);
    const request = seen.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ email: 'owner@example.com' });
  });

  it('sends no body and no content type without data', async () => {
    await apiRequest('GET', `${baseUrl}/echo`);
    const request = seen.at(-1);
    expect(request?.headers['content-type']).toBeUndefined();
    expect(request?.body).toBe('');
  });

  it('adds the headers it is given beside the JSON content type', async () => {
    await apiRequest('POST', `${baseUrl}/echo`, {}, { headers: { 'X-Upload-Token': 'tok_1' } });
    const request = seen.at(-1);
    expect(request?.headers['x-upload-token']).toBe('tok_1');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toBe('{}');
  });

  it('encodes the query it is given, leaving out empty values and keeping a query already there', async () => {
    await apiRequest('GET', `${baseUrl}/echo`, undefined, {
      query: { email: 'a+b@example.com', token: 'x&y=z', page: 2, skip: undefined, none: null },
    });
    expect(seen.at(-1)?.url).toBe('/echo?email=a%2Bb%40example.com&token=x%26y%3Dz&page=2');
    await apiRequest('GET', `${baseUrl}/echo?sort=new`, undefined, { query: { page: 3 } });
    expect(seen.at(-1)?.url).toBe('/echo?sort=new&page=3');
  });

  it('with redirect manual, resolves with the redirect a form action answers instead of following it', async () => {
    const res = await apiRequest('POST', `${baseUrl}/pay`, undefined, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(seen.at(-1)?.url).toBe('/pay');
    const followed = await rejectionOf(apiRequest('POST', `${baseUrl}/pay`));
    expect(followed).toMatchObject({ status: 404, serverMessage: 'Not found' });
    expect(seen.at(-1)?.url).toBe('/page');
  });

  it('rejects a refusal with an ApiError carrying the status, the server’s words and the field issues', async () => {
    const error = await rejectionOf(apiRequest('POST', `${baseUrl}/refused`, { email: 'x' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 400,
      message: 'Please enter a valid email address',
      serverMessage: 'Please enter a valid email address',
      issues: [{ path: 'email', message: 'Please enter a valid email address' }],
    });
    expect((error as ApiError).toFailure()).toEqual({
      status: 400,
      message: 'Please enter a valid email address',
      issues: [{ path: 'email', message: 'Please enter a valid email address' }],
    });
  });

  it('an answer with no words for people has no server message; its error says "<status>: <body>"', async () => {
    const missing = await rejectionOf(apiRequest('GET', `${baseUrl}/missing`));
    expect(missing).toMatchObject({ status: 404, serverMessage: null, issues: [], body: 'not here' });
    expect((missing as Error).message).toBe('404: not here');
    const empty = await rejectionOf(apiRequest('DELETE', `${baseUrl}/empty-error`));
    expect(empty).toMatchObject({ status: 503, serverMessage: null, message: '503: Service Unavailable' });
  });
});

describe('getQueryFn', () => {
  it('GETs the query key joined with / and parses JSON', async () => {
    const queryFn = getQueryFn<{ ok: boolean }>({ on401: 'throw' });
    await expect(queryFn(queryContext([baseUrl, 'courses', 3]))).resolves.toEqual({ ok: true, body: '' });
    expect(seen.at(-1)?.url).toBe('/courses/3');
  });

  it('turns a 401 into null when asked to, and into an ApiError otherwise', async () => {
    const key = [`${baseUrl}/unauthorized`];
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(key))).resolves.toBeNull();
    const error = await rejectionOf(Promise.resolve(getQueryFn({ on401: 'throw' })(queryContext(key))));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, serverMessage: 'Unauthorized' });
  });

  it('rejects other refusals even when a 401 would read as null', async () => {
    const error = await rejectionOf(
      Promise.resolve(getQueryFn({ on401: 'returnNull' })(queryContext([`${baseUrl}/missing`]))),
    );
    expect(error).toMatchObject({ status: 404 });
  });
});

describe('reads parsed with a contracts schema', () => {
  it('requestParsed sends the request and resolves with the answer the picked schema parsed', async () => {
    const answer = await requestParsed(
      'POST',
      `${baseUrl}/link-sent`,
      { email: 'owner@example.com' },
      (contracts) => contracts.ForgotPasswordResponseSchema,
    );
    expect(answer).toEqual({ success: true, message: 'Check your inbox' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"email":"owner@example.com"}' });
  });

  it('rejects an answer the picked schema refuses, and a refusal with its ApiError', async () => {
    const wrongShape = await rejectionOf(
      requestParsed(
        'GET',
        `${baseUrl}/echo`,
        undefined,
        (contracts) => contracts.ForgotPasswordResponseSchema,
      ),
    );
    expect(wrongShape).not.toBeInstanceOf(ApiError);
    const refused = await rejectionOf(
      requestParsed('POST', `${baseUrl}/refused`, {}, (contracts) => contracts.ForgotPasswordResponseSchema),
    );
    expect(refused).toMatchObject({ status: 400 });
  });

  it('parsedQueryFn reads the query key and parses it; a 401 is an error', async () => {
    const read = parsedQueryFn((contracts) => contracts.ForgotPasswordResponseSchema);
    await expect(read(queryContext([`${baseUrl}/link-sent`]))).resolves.toEqual({
      success: true,
      message: 'Check your inbox',
    });
    const error = await rejectionOf(Promise.resolve(read(queryContext([`${baseUrl}/unauthorized`]))));
    expect(error).toMatchObject({ status: 401 });
  });

  it('parsedQueryFnOrNull reads a 401 as null and parses any other answer', async () => {
    const read = parsedQueryFnOrNull((contracts) => contracts.ForgotPasswordResponseSchema);
    await expect(read(queryContext([`${baseUrl}/unauthorized`]))).resolves.toBeNull();
    await expect(read(queryContext([`${baseUrl}/link-sent`]))).resolves.toMatchObject({ success: true });
  });
});

describe('reads and form calls declared once', () => {
  it('defineParsedQuery gives its key, options enabled unless told otherwise, and a 401 read as asked', async () => {
    const read = defineParsedQuery(
      [`${baseUrl}/unauthorized`],
      (contracts) => contracts.ForgotPasswordResponseSchema,
      {
        on401: 'returnNull',
      },
    );
    expect(read.queryKey).toEqual([`${baseUrl}/unauthorized`]);
    expect(read.options().enabled).toBe(true);
    expect(read.options(false)).toMatchObject({ queryKey: read.queryKey, enabled: false });
    await expect(Promise.resolve(read.options().queryFn?.(queryContext(read.queryKey)))).resolves.toBeNull();

    const strict = defineParsedQuery(
      [`${baseUrl}/unauthorized`],
      (contracts) => contracts.ForgotPasswordResponseSchema,
    );
    const error = await rejectionOf(
      Promise.resolve(strict.options().queryFn?.(queryContext(strict.queryKey))),
    );
    expect(error).toMatchObject({ status: 401 });
  });

  it('defineParsedQueryFamily keys each read by its parameter and parses what that address answers', async () => {
    const read = defineParsedQueryFamily(
      (name: string) => [baseUrl, name] as const,
      (contracts) => contracts.ForgotPasswordResponseSchema,
    );
    expect(read.queryKey('link-sent')).toEqual([baseUrl, 'link-sent']);
    const options = read.options('link-sent', false);
    expect(options).toMatchObject({ queryKey: [baseUrl, 'link-sent'], enabled: false });
    await expect(Promise.resolve(options.queryFn?.(queryContext(options.queryKey)))).resolves.toEqual({
      success: true,
      message: 'Check your inbox',
    });
  });

  it('sendForOutcome resolves an OK answer as ok and a refusal as its failure, with the field issues', async () => {
    await expect(sendForOutcome('POST', `${baseUrl}/link-sent`, {})).resolves.toEqual({ ok: true });
    await expect(sendForOutcome('POST', `${baseUrl}/refused`, { email: 'x' })).resolves.toMatchObject({
      ok: false,
      status: 400,
      message: 'Please enter a valid email address',
      issues: [{ path: 'email', message: 'Please enter a valid email address' }],
    });
  });
});
