/** Large bodies for streaming tests, generated on the fly so no test holds them in memory. */
import { createHash, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';

export const MB = 1024 * 1024;

/**
 * `totalBytes` of data in 1 MB chunks. Each chunk is the same random block with its index stamped in,
 * so a dropped, repeated or reordered chunk changes the hash. `onChunk` sees every chunk sent.
 */
export function generatedBody(totalBytes: number, onChunk?: (chunk: Buffer) => void): Readable {
  const block = randomBytes(MB);
  let sent = 0;
  let index = 0;
  return new Readable({
    read() {
      if (sent >= totalBytes) {
        this.push(null);
        return;
      }
      const size = Math.min(MB, totalBytes - sent);
      const chunk = Buffer.allocUnsafe(size);
      block.copy(chunk, 0, 0, size);
      chunk.writeUInt32BE(index++ % 0x1_0000_0000, 0);
      sent += size;
      onChunk?.(chunk);
      this.push(chunk);
    },
  });
}

/** Same as `generatedBody`, reusing one 1 MB buffer: only for consumers that copy or drop each chunk at once. */
export function reusedChunkBody(totalBytes: number): Readable {
  const block = randomBytes(MB);
  let sent = 0;
  return new Readable({
    highWaterMark: MB,
    read() {
      if (sent >= totalBytes) {
        this.push(null);
        return;
      }
      const size = Math.min(MB, totalBytes - sent);
      sent += size;
      this.push(size === MB ? block : block.subarray(0, size));
    },
  });
}

export interface Digest {
  bytes: number;
  sha256: string;
}

/** Hashes a stream as it passes; resolves when it ends. */
export function digestOf(stream: Readable): Promise<Digest> {
  const hash = createHash('sha256');
  let bytes = 0;
  return new Promise((resolve, reject) => {
    stream.on('error', reject);
    stream.on('aborted', () => reject(new Error('stream aborted')));
    stream.pipe(
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          hash.update(chunk);
          callback();
        },
        final(callback) {
          resolve({ bytes, sha256: hash.digest('hex') });
          callback();
        },
      }),
    );
  });
}
