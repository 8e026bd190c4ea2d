/**
 * Benchmark: a lesson video uploaded resumably (tus 1.0.0) to the course service, beside a plain upload.
 * One file of BENCH_UPLOAD_MB (default 512) MB of random bytes (behind an MP4 header, so the service takes
 * it for a video) is made once in a temp folder, then sent twice from this process:
 *
 * - the anchor: one plain HTTP POST to a minimal `node:http` server that streams it to a file on the same
 *   disk (a direct call);
 * - the measured: the course service (PGlite and the local folder under a temp DATA_DIR, LOG_LEVEL silent)
 *   receiving it at `/api/uploads` (purpose `lesson-video`, as an admin through the internal token) with
 *   tus-js-client in 8 MB pieces, as the browser helper sends it, until the completing PATCH answers: the
 *   service has then checked the file and stored it in the object store (linked into place on the same disk,
 *   no byte copied: `ObjectStore.putFile`).
 *
 * Each receiver runs in a child process of its own, so its CPU time (utime + stime from /proc) and its
 * resident memory (VmRSS before, VmHWM reset before the upload) are its own. Prints wall time, MB/s, CPU
 * seconds and RSS growth and peak for each, and the ratios measured ÷ anchor. Printed, never asserted.
 * Run by `npm run bench` (node --conditions=@platform/source --import tsx); this file is also the course
 * service's child (argument `course`); the anchor server is a few lines of plain Node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LESSON_UPLOADS_PATH, LESSON_VIDEO_MAX_BYTES, type Caller } from '@platform/contracts';
import { InProcessBus } from '@platform/service-kit/events';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import { createLogger } from '@platform/service-kit/logger';
import { startService } from '@platform/service-kit/runtime';
import { Upload } from 'tus-js-client';

const MB = 1024 * 1024;
/** As the browser helper sends (RESUMABLE_CHUNK_BYTES, packages/ui/src/uploads/resumable-upload.ts). */
const CHUNK_BYTES = 8 * MB;
/** Linux counts a process's CPU time in ticks of 1/100 s (CLK_TCK). */
const TICKS_PER_SECOND = 100;

const thisFile = fileURLToPath(import.meta.url);
const repoDir = path.resolve(path.dirname(thisFile), '..', '..');

/** How the scripts of `npm run bench` run TypeScript (the course service's child too). */
const TSX = ['--conditions=@platform/source', '--import', 'tsx'];

type ChildMessage = { type: 'listening'; url: string };
type ParentMessage = { type: 'stop' };

/**
 * The anchor: a minimal `node:http` server in plain Node (no loader, no kit) that streams each POST's body
 * into a file in ANCHOR_DIR.
 */
const ANCHOR_SERVER = `
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { pipeline } = require('node:stream');
let received = 0;
const server = http.createServer((req, res) => {
  const target = path.join(process.env.ANCHOR_DIR, 'received-' + received++);
  pipeline(req, fs.createWriteStream(target), (error) =>
    error ? res.writeHead(500).end() : res.writeHead(201, { 'content-type': 'application/json' }).end('{}'),
  );
});
server.listen(0, '127.0.0.1', () =>
  process.send({ type: 'listening', url: 'http://127.0.0.1:' + server.address().port }),
);
const stop = () => server.close(() => process.exit(0));
process.on('message', (message) => message.type === 'stop' && stop());
process.on('disconnect', stop);
`;

if (process.argv[2] === 'course') await runCourseService();
else await runBenchmark();

// ---- The children ----------------------------------------------------------------------------------

/** The measured: the course service as it runs in the embedded mode's data folder, on PGlite. */
async function runCourseService(): Promise<void> {
  const { courseService } = await import('../../services/course/src/index.js');
  const bus = new InProcessBus({ duplicateWindowMs: 0 });
  const service = await startService(courseService, {
    env: {
      DATA_DIR: process.env.DATA_DIR!,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      INTERNAL_TOKEN_SECRET: process.env.INTERNAL_TOKEN_SECRET!,
      COURSE_MAX_VIDEO_BYTES: process.env.COURSE_MAX_VIDEO_BYTES!,
      PGLITE_TEMPLATE_CACHE: path.join(repoDir, 'node_modules', '.cache', 'pglite-templates'),
    },
    bus,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ service: 'course', level: 'silent' }),
  });
  whenStopped(async () => {
    await service.stop();
    await bus.close();
  });
  process.send?.({ type: 'listening', url: service.url } satisfies ChildMessage);
}

/** Stops on the parent's `stop` (or when the parent goes away), then exits. */
function whenStopped(stop: () => Promise<void>): void {
  let stopping = false;
  const onStop = () => {
    if (stopping) return;
    stopping = true;
    void stop().finally(() => process.exit(0));
  };
  process.on('message', (message: ParentMessage) => message.type === 'stop' && onStop());
  process.on('disconnect', onStop);
}

// ---- The benchmark ---------------------------------------------------------------------------------

interface Receiver {
  child: ChildProcess;
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/** Starts `node <args>` as a receiver and waits for its URL; rejects if it exits first. */
async function startReceiver(name: string, args: string[], env: Record<string, string>): Promise<Receiver> {
  const { NODE_OPTIONS: _ignored, ...parentEnv } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: repoDir,
    env: { ...parentEnv, ...env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    if (child.connected) child.send({ type: 'stop' } satisfies ParentMessage);
    else child.kill('SIGTERM');
    await exited;
    clearTimeout(timer);
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.once('message', (message: ChildMessage) => resolve(message.url));
      child.once('error', reject);
      void exited.then((code) => reject(new Error(`the ${name} child exited with ${code} before listening`)));
    });
    return { child, pid: child.pid!, url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface ProcessSample {
  cpuSeconds: number;
  rss: number;
  peakRss: number;
}

/** A process's CPU time (user + system) and resident memory now and at its high-water mark, from /proc. */
async function sampleProcess(pid: number): Promise<ProcessSample> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // pid (comm) state ppid …: after the name, utime and stime are the 12th and 13th fields.
  const fields = /^\d+ \(.*\) (.*)$/s.exec(stat)![1]!.split(' ');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kB = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return {
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    rss: kB('VmRSS'),
    peakRss: kB('VmHWM'),
  };
}

/** Sets the process's VmHWM back to its current RSS (Linux clear_refs 5), so start-up does not count. */
async function resetPeak(pid: number): Promise<boolean> {
  return writeFile(`/proc/${pid}/clear_refs`, '5').then(
    () => true,
    () => false,
  );
}

interface Measured {
  seconds: number;
  cpuSeconds: number;
  rssBefore: number;
  peakRss: number;
  /** Whether VmHWM could be reset before the upload (otherwise the peak is sampled every 20 ms). */
  hwmReset: boolean;
}

/** Runs `send` against the receiver and measures the receiving process around it. */
async function measure(receiver: Receiver, send: () => Promise<void>): Promise<Measured> {
  const hwmReset = await resetPeak(receiver.pid);
  const before = await sampleProcess(receiver.pid);
  let sampledPeak = before.rss;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const sample = await sampleProcess(receiver.pid).catch(() => null);
      if (sample) sampledPeak = Math.max(sampledPeak, sample.rss);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  try {
    await send();
  } finally {
    sampling = false;
    await sampler;
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await sampleProcess(receiver.pid);
  return {
    seconds,
    cpuSeconds: after.cpuSeconds - before.cpuSeconds,
    rssBefore: before.rss,
    peakRss: hwmReset ? after.peakRss : Math.max(sampledPeak, after.rss),
    hwmReset,
  };
}

/** One plain POST of the whole file. */
function plainPost(url: string, file: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'video/mp4', 'content-length': String(size) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 201 ? resolve() : reject(new Error(`the anchor answered ${res.statusCode}`)),
      );
    });
    createReadStream(file).on('error', reject).pipe(req);
  });
}

interface TusOutcome {
  status: number;
  body: string;
  patches: number;
  /** From sending the completing PATCH to its answer (its last piece, the check, the copy into the store). */
  lastPatchSeconds: number;
}

/** The file with tus-js-client in CHUNK_BYTES pieces, as an admin (a fresh internal token per request). */
function tusUpload(endpoint: string, file: string, secret: string): Promise<TusOutcome> {
  const admin: Caller = {
    kind: 'user',
    userId: randomUUID(),
    email: 'bench-admin@example.com',
    role: 'admin',
  };
  let patches = 0;
  let lastPatchAt = 0;
  return new Promise((resolve, reject) => {
    const upload = new Upload(createReadStream(file), {
      endpoint,
      chunkSize: CHUNK_BYTES,
      retryDelays: [],
      metadata: { purpose: 'lesson-video', filename: 'bench.mp4', filetype: 'video/mp4' },
      onBeforeRequest: (request) => {
        // Tokens live 30 s; a large upload on a busy machine outlasts one (the gateway signs per request).
        request.setHeader(INTERNAL_TOKEN_HEADER, signInternalToken(admin, secret));
        if (request.getMethod() === 'PATCH') {
          patches += 1;
          lastPatchAt = performance.now();
        }
      },
      onSuccess: ({ lastResponse }) =>
        resolve({
          status: lastResponse.getStatus(),
          body: lastResponse.getBody() ?? '',
          patches,
          lastPatchSeconds: (performance.now() - lastPatchAt) / 1000,
        }),
      onError: reject,
    });
    upload.start();
  });
}

/** Random bytes behind an MP4 header (an `ftyp` box, then an `mdat` box): what the service takes for a video. */
async function makeVideoFile(file: string, size: number): Promise<void> {
  const ftyp = Buffer.alloc(32);
  ftyp.writeUInt32BE(32, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2avc1mp41', 16, 'latin1');
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(size - ftyp.length, 0);
  mdat.write('mdat', 4, 'latin1');
  const handle = await open(file, 'w');
  try {
    const head = Buffer.concat([ftyp, mdat]);
    await handle.write(head);
    for (let written = head.length; written < size;) {
      const piece = randomBytes(Math.min(CHUNK_BYTES, size - written));
      await handle.write(piece);
      written += piece.length;
    }
  } finally {
    await handle.close();
  }
}

async function runBenchmark(): Promise<void> {
  const sizeMb = Number(process.env.BENCH_UPLOAD_MB ?? 512);
  const size = Math.round(sizeMb * MB);
  const work = await mkdtemp(path.join(tmpdir(), 'bench-tus-'));
  const receivers: Receiver[] = [];
  try {
    const file = path.join(work, 'source.mp4');
    console.log(`\ntus upload: making ${sizeMb} MB of random bytes…`);
    await makeVideoFile(file, size);

    // The anchor: one plain POST, streamed to a file on the same disk.
    const anchorDir = path.join(work, 'anchor');
    await mkdir(anchorDir);
    const anchorServer = await startReceiver('anchor', ['-e', ANCHOR_SERVER], { ANCHOR_DIR: anchorDir });
    receivers.push(anchorServer);
    const anchor = await measure(anchorServer, () => plainPost(anchorServer.url, file, size));
    await anchorServer.stop();
    await rm(anchorDir, { recursive: true, force: true });

    // The measured: the course service's tus endpoint, until the completing PATCH answers.
    const secret = randomBytes(24).toString('hex');
    const course = await startReceiver('course', [...TSX, thisFile, 'course'], {
      DATA_DIR: path.join(work, 'data'),
      INTERNAL_TOKEN_SECRET: secret,
      COURSE_MAX_VIDEO_BYTES: String(Math.max(size, LESSON_VIDEO_MAX_BYTES)),
    });
    receivers.push(course);
    let outcome: TusOutcome | undefined;
    const tus = await measure(course, async () => {
      outcome = await tusUpload(`${course.url}${LESSON_UPLOADS_PATH}`, file, secret);
    });
    await course.stop();
    const answer = outcome!;
    let stored = '';
    try {
      const parsed = JSON.parse(answer.body) as { file?: { size?: number; path?: string } };
      stored = parsed.file
        ? `stored ${parsed.file.path} (${parsed.file.size} bytes)`
        : answer.body.slice(0, 120);
    } catch {
      stored = answer.body.slice(0, 120);
    }

    const mbOf = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
    const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(2)}×` : 'n/a');
    const rate = (run: Measured) => sizeMb / run.seconds;
    const growth = (run: Measured) => run.peakRss - run.rssBefore;
    console.log(
      `tus upload: ${sizeMb} MB file on this disk, each receiver in a child process of its own; ` +
        "the receiver's figures, and measured ÷ anchor:",
    );
    const line = (label: string, run: Measured) =>
      console.log(
        `  ${label.padEnd(36)} wall ${run.seconds.toFixed(1).padStart(5)} s` +
          `  ${rate(run).toFixed(0).padStart(4)} MB/s` +
          `  CPU ${run.cpuSeconds.toFixed(2).padStart(6)} s` +
          `  RSS ${mbOf(run.rssBefore).padStart(6)} → peak ${mbOf(run.peakRss).padStart(6)}` +
          ` (+${mbOf(growth(run))})`,
      );
    line('plain POST → file (the anchor)', anchor);
    line(`course service, tus ${CHUNK_BYTES / MB} MB pieces`, tus);
    console.log(
      `  ${'measured ÷ anchor'.padEnd(36)} wall ${ratio(tus.seconds, anchor.seconds)}` +
        `  MB/s ${ratio(rate(tus), rate(anchor))}` +
        `  CPU ${ratio(tus.cpuSeconds, anchor.cpuSeconds)}` +
        `  RSS growth ${ratio(growth(tus), growth(anchor))}  peak ${ratio(tus.peakRss, anchor.peakRss)}`,
    );
    console.log(
      `  (tus: ${answer.patches} PATCHes, final answer ${answer.status}, ${stored}; the completing PATCH took ` +
        `${answer.lastPatchSeconds.toFixed(1)} s storing the file in the object store; ` +
        `${anchor.hwmReset && tus.hwmReset ? 'peaks are VmHWM reset before each upload' : 'peaks sampled every 20 ms'}` +
        '; the client runs in this process on the same machine)',
    );
  } finally {
    await Promise.allSettled(receivers.map((receiver) => receiver.stop()));
    await rm(work, { recursive: true, force: true });
  }
}
