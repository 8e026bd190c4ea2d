import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listen, type RunningServer } from '../server.js';

let running: RunningServer;

beforeAll(async () => {
  running = await listen((_req: IncomingMessage, res: ServerResponse) => res.end('ok'), 0, '127.0.0.1');
});
afterAll(() => running.close(1_000));

/**
 * Sends the request in pieces, 50 ms apart, and reads the answer only once all are sent: as a client on a
 * slow link that is still sending when the server has answered.
 */
function sendInPieces(pieces: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(running.port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.pause();
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', (error) =>
      reject(new Error(`after ${JSON.stringify(answer.slice(0, 80))}: ${error.message}`)),
    );
    socket.on('connect', async () => {
      for (const piece of pieces) {
        await new Promise((wait) => setTimeout(wait, 50));
        if (socket.writable) socket.write(piece);
      }
      socket.resume();
    });
  });
}

describe('a request the HTTP parser refuses', () => {
  it('answers 431 with a message to a 70 KB address, every time, however fast the rest arrives', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${running.url}/?q=${'y'.repeat(70_000)}`)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(431);
      await expect(answer.json()).resolves.toEqual({
        message: 'The address or the headers of this request are too long.',
      });
    }
  });

  it('lets the client read the answer while the rest of its headers is still on the way', async () => {
    const answer = await sendInPieces([
      `GET / HTTP/1.1\r\nHost: x\r\nX-Filler: ${'f'.repeat(20_000)}`,
      'f'.repeat(200_000),
      'f'.repeat(200_000),
      '\r\n\r\n',
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(answer).toContain('Connection: close');
  });

  it('answers 431 on a kept-alive connection that has already carried an answer', async () => {
    const answer = await sendInPieces([
      'GET / HTTP/1.1\r\nHost: x\r\n\r\n',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Filler: ${'f'.repeat(20_000)}`,
      'f'.repeat(200_000),
      '\r\n\r\n',
    ]);
    expect(answer).toMatch(
      /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nokHTTP\/1\.1 431 Request Header Fields Too Large\r\n/,
    );
  });

  it('answers 400 to bytes that are not HTTP', async () => {
    const answer = await sendInPieces(['NOT HTTP AT ALL\r\n\r\n']);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('{"message":"This request could not be read."}');
  });

  it('still answers requests it can read', async () => {
    const answer = await fetch(`${running.url}/?q=${'y'.repeat(1_000)}`);
    expect(answer.status).toBe(200);
    await expect(answer.text()).resolves.toBe('ok');
  });
});
