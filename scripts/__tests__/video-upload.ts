/**
 * A generated MP4 upload and process-memory sampling, shared by the distributed upload test and the
 * upload-memory benchmark (scripts/bench/distributed-upload-memory.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { Readable } from 'node:stream';

export const MB = 1024 * 1024;
/** `ftyp` box of an ISO MP4: enough for the content check to see a video. */
export const MP4_HEADER = Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex');

/** Resident memory of a process, from /proc (Linux). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** Samples the peak RSS of some processes until stopped. */
export function sampleRss(pids: Record<string, number>) {
  const peaks: Record<string, number> = Object.fromEntries(Object.keys(pids).map((name) => [name, 0]));
  const sample = async () => {
    for (const [name, pid] of Object.entries(pids)) peaks[name] = Math.max(peaks[name]!, await rssOf(pid));
  };
  const timer = setInterval(() => void sample().catch(() => undefined), 100);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      return peaks;
    },
  };
}

/** The video's bytes: the header, then 1 MB filler chunks (one buffer reused), `size` bytes in all. */
export function generatedVideo(size: number): Readable {
  const filler = Buffer.alloc(MB, 0x2e);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      const chunk = sent === 0 ? Buffer.concat([MP4_HEADER, filler.subarray(MP4_HEADER.length)]) : filler;
      const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += part.length;
      this.push(part);
    },
  });
}

/** POSTs a multipart body (fileType, then the file) streamed from `video`, with a known length. */
export function postMultipartVideo(url: URL, token: string, video: Readable, size: number) {
  const boundary = `----upload${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nvideos\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="walkthrough.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
        'x-upload-token': token,
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.write(head);
    video.on('error', reject);
    video.on('end', () => request.end(tail));
    video.pipe(request, { end: false });
  });
}
