/// <reference types="node" />
// A real local HTTP server: the helpers are checked against what fetch actually sends and receives.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiRequest } from '../api-request';
import { getQueryFn } from '../get-query-fn';
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
      switch (req.url) {
        case '/missing':
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
          return;
        case '/empty-error':
          res.writeHead(503).end();
          return;
        case '/unauthorized':
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
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

function queryContext(queryKey: readonly unknown[]) {
  return {
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
  } as unknown as QueryFunctionContext;
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

  it('a non-OK answer throws "<status>: <body text>"', async () => {
    await expect(apiRequest('GET', `${baseUrl}/missing`)).rejects.toThrow(new Error('404: not here'));
  });

  it('a non-OK answer with an empty body throws "<status>: <status text>"', async () => {
    await expect(apiRequest('DELETE', `${baseUrl}/empty-error`)).rejects.toThrow(
      new Error('503: Service Unavailable'),
    );
  });
});

describe('getQueryFn', () => {
  it('GETs the query key joined with / and parses JSON', async () => {
    const queryFn = getQueryFn<{ ok: boolean }>({ on401: 'throw' });
    await expect(queryFn(queryContext([baseUrl, 'courses', 3]))).resolves.toEqual({ ok: true, body: '' });
    expect(seen.at(-1)?.url).toBe('/courses/3');
  });

  it('turns a 401 into null when asked to, and into the spec error otherwise', async () => {
    const key = [`${baseUrl}/unauthorized`];
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(key))).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(queryContext(key))).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
  });
});
