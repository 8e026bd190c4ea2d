#!/usr/bin/env node
// The embedded site's footprint, as a newcomer meets it: `node scripts/start-embedded.mjs` (what
// `npm start` runs once the build is up to date) on fresh data, in a process of its own. Prints the time
// from the process's start to its first ready answer (/readyz 200) and the CPU it spent meanwhile, then
// its resident memory after 10 s of idling; then the same for a restart on the data the first run made.
// Goals (issue 16): fresh start <= 10 s, idle RSS <= 700 MB. Figures, never assertions. Linux only (it
// reads /proc); the front ends must be built (`npm run bench` builds what is out of date).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const IDLE_MS = 10_000;

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function residentMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
}

async function waitReady(port, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`)
      .then((res) => res.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function run(label, dataDir) {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start-embedded.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      POSTGRES_URL: '',
      NATS_URL: '',
      PGLITE_TEMPLATE_CACHE: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(port, child);
    const readyS = (performance.now() - startedAt) / 1000;
    const cpu = cpuSeconds(child.pid);
    const atReady = residentMb(child.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = residentMb(child.pid);
    console.log(
      `${label.padEnd(30)} ready in ${readyS.toFixed(1).padStart(5)} s (CPU ${cpu.toFixed(1)} s)   ` +
        `RSS at ready ${atReady.toFixed(0)} MB, after ${IDLE_MS / 1000} s idle ${idle.toFixed(0)} MB`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

console.log(
  '\nembedded footprint (node scripts/start-embedded.mjs; goals: fresh start <= 10 s, idle RSS <= 700 MB)',
);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-footprint-'));
try {
  await run('fresh data', dataDir);
  await run('restart on that data', dataDir);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
