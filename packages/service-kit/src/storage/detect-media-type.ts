/**
 * What a file is, from its first bytes (magic numbers via file-type), never from its name or the type a
 * browser states. The multipart receiver hands its `judge` the first SNIFF_BYTES of each part; a finished
 * resumable upload reads them from disk with `readFileHead`. Each service keeps its own list of what it
 * accepts; this is the one way to find out what arrived.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';

/** file-type's sample size: enough for every signature it knows. */
export const SNIFF_BYTES = 4100;

/** The detected media type (e.g. `video/mp4`) of a file's first bytes, or null when not recognised. */
export async function detectMediaType(head: Uint8Array): Promise<string | null> {
  if (head.length === 0) return null;
  return (await fileTypeFromBuffer(head))?.mime ?? null;
}

/** The first SNIFF_BYTES of the file at `filePath` (all of it when shorter). */
export async function readFileHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const MARKUP = /^\s*<(?:!doctype|html|head|body|script|svg|\?xml|iframe|object|embed)\b/i;

/**
 * Whether a file's first bytes are plain UTF-8 text: no NULs or control bytes (but tab and line breaks),
 * and not markup (HTML, SVG, XML) that a browser could run. For the text formats file-type cannot
 * recognise (.txt, .csv), which a service accepts only by name and this check.
 */
export function isPlainTextContent(head: Uint8Array): boolean {
  try {
    // `stream`: the sample may end in the middle of a multi-byte character.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000e-\u001a\u007f]/.test(text)) return false;
    return !MARKUP.test(text.replace(/^\ufeff/, ''));
  } catch {
    return false;
  }
}
