// The distributed mode on one machine: every service and the gateway as its own process, configured only
// by environment variables, against PostgreSQL, NATS JetStream and an S3-compatible server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import readline from 'node:readline';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVICES = ['auth', 'course', 'consultation', 'payment', 'revenue', 'notification'];

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

async function startS3rver(dataDir) {
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dataDir, 's3rver'),
  });
  const address = await server.run();
  return { endpoint: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

/** Spawns one process with its output prefixed by its name. */
function startProcess(name, script, env, { quiet }) {
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      if (output.length > 200) output.shift();
      if (!quiet) console.log(`${name.padEnd(12)} | ${line}`);
    });
  }
  const exited = once(child, 'exit');
  return {
    name,
    child,
    output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

async function waitForReady(url, timeoutMs, processes) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const dead = Object.values(processes).find((p) => p.child.exitCode !== null);
    if (dead)
      throw new Error(
        `${dead.name} exited with code ${dead.child.exitCode}:\n${dead.output.slice(-20).join('\n')}`,
      );
    try {
      const response = await fetch(`${url}/readyz`);
      last = await response.text();
      if (response.ok) return;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ready after ${timeoutMs} ms: ${last}`);
}

/**
 * @param {{ env?: Record<string, string | undefined>, quiet?: boolean, gatewayPort?: number, servicePorts?: Record<string, number> }} [options]
 */
export async function startDistributed(options = {}) {
  const base = { ...(options.env ?? process.env) };
  const quiet = options.quiet ?? false;
  const cleanups = [];
  const env = {
    ...base,
    NODE_ENV: base.NODE_ENV || 'production',
    INTERNAL_TOKEN_SECRET: base.INTERNAL_TOKEN_SECRET || randomBytes(32).toString('hex'),
    NATS_URL: base.NATS_URL || 'nats://127.0.0.1:4222',
    DATA_DIR: path.resolve(base.DATA_DIR || './data/distributed'),
  };
  const defaultDatabase = base.POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/platform';
  for (const service of SERVICES) {
    const variable = `${service.toUpperCase()}_DATABASE_URL`;
    if (!env[variable]) {
      env[variable] = defaultDatabase;
    }
  }
  for (const url of new Set(SERVICES.map((s) => env[`${s.toUpperCase()}_DATABASE_URL`])))
    await ensureDatabase(url);
  if (!env.S3_ENDPOINT) {
    const s3 = await startS3rver(env.DATA_DIR);
    cleanups.push(() => s3.close());
    Object.assign(env, { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER' });
  }

  const processes = {};
  const servicePorts = {};
  SERVICES.forEach((service, index) => {
    servicePorts[service] = options.servicePorts?.[service] ?? 4001 + index;
  });
  const serviceEnv = (service) => ({ ...env, PORT: String(servicePorts[service]), HOST: '127.0.0.1' });
  for (const service of SERVICES) {
    processes[service] = startProcess(service, `services/${service}/dist/main.js`, serviceEnv(service), {
      quiet,
    });
  }
  const gatewayPort = options.gatewayPort ?? Number(base.PORT || 3000);
  const gatewayEnv = { ...env, PORT: String(gatewayPort) };
  for (const service of SERVICES)
    gatewayEnv[`${service.toUpperCase()}_SERVICE_URL`] = `http://127.0.0.1:${servicePorts[service]}`;
  processes.gateway = startProcess('gateway', 'gateway/dist/main.js', gatewayEnv, { quiet });
  const url = `http://127.0.0.1:${gatewayPort}`;

  const stopAll = async () => {
    await processes.gateway?.stop();
    await Promise.all(SERVICES.map((s) => processes[s]?.stop()));
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    await waitForReady(url, 90_000, processes);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    url,
    env,
    processes,
    servicePorts,
    /** Stops one service's process (SIGTERM by default, SIGKILL to simulate a crash). */
    stopService: (service, signal) => processes[service].stop(signal),
    /** Starts a stopped service again with the same settings. */
    startService: (service) => {
      processes[service] = startProcess(service, `services/${service}/dist/main.js`, serviceEnv(service), {
        quiet,
      });
      return processes[service];
    },
    stop: stopAll,
  };
}
