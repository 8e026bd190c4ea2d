// The least a Node server does for the gateway's jobs, as ceilings in scripts/bench/gateway-overhead.mjs:
// no Express, no access line, no security headers, nothing but the job.
//
//   startBareProxy(target, secret): forwards every request to `target` with a keep-alive agent and a
//     signed internal token (what the gateway's proxy must do at the least);
//   startBareFileServer(file): answers every request with that file's bytes, from memory, after a stat of
//     the file (what the gateway's held media answers must do at the least).
//
// Run as a process of its own (`node scripts/bench/bare-node.mjs`), it is the proxy: BARE_PROXY_TARGET,
// INTERNAL_TOKEN_SECRET and PORT (0: any) from the environment; it prints `listening <url>` once ready.
import { stat } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';

async function listen(server, port = 0) {
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

export async function startBareProxy(target, secret, port = 0) {
  const { hostname, port: targetPort } = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const headers = {
      ...req.headers,
      [INTERNAL_TOKEN_HEADER]: signInternalToken({ kind: 'anonymous' }, secret),
    };
    const upstream = http.request(
      { host: hostname, port: targetPort, path: req.url, method: req.method, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const listening = await listen(server, port);
  return {
    ...listening,
    close: () => {
      agent.destroy();
      return listening.close();
    },
  };
}

export async function startBareFileServer(file) {
  const body = await readFile(file);
  const server = http.createServer((req, res) => {
    stat(file, (error, stats) => {
      if (error || stats.size !== body.length) {
        res.statusCode = 500;
        res.end();
        return;
      }
      res.setHeader('Content-Type', 'video/mp4');
      res.setHeader('Content-Length', body.length);
      res.end(body);
    });
  });
  return listen(server);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { BARE_PROXY_TARGET, INTERNAL_TOKEN_SECRET, PORT } = process.env;
  if (!BARE_PROXY_TARGET || !INTERNAL_TOKEN_SECRET) {
    console.error('bare-node.mjs needs BARE_PROXY_TARGET and INTERNAL_TOKEN_SECRET');
    process.exit(2);
  }
  const proxy = await startBareProxy(BARE_PROXY_TARGET, INTERNAL_TOKEN_SECRET, Number(PORT ?? 0));
  process.once('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
  console.log(`listening ${proxy.url}`);
}
