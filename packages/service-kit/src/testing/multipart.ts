/**
 * Broken multipart requests for upload tests: a corpus built from one well-formed form (cut off at
 * every part boundary, malformed part headers, NUL bytes in names, no or a wrong boundary, a huge part
 * header, too many fields, the client going away mid-file), and a raw-socket sender that puts exactly
 * those bytes on the wire, which fetch and FormData never would.
 */
import net from 'node:net';

export interface MultipartPart {
  /** The form field name; written as is, so it may hold any byte. */
  name: string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export interface RawMultipartForm {
  boundary: string;
  body: Buffer;
  /** Where each part starts (its delimiter's CRLF), where its data starts, and where that data ends. */
  parts: Array<{ delimiter: number; data: number; end: number }>;
  /** Offset of the closing delimiter's CRLF. */
  closing: number;
}

/** A multipart/form-data body with CRLF line ends, in the order given. */
export function buildMultipartForm(
  parts: MultipartPart[],
  boundary = 'corpus-boundary-7d1f',
): RawMultipartForm {
  const chunks: Buffer[] = [];
  const offsets: RawMultipartForm['parts'] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, 'utf8');
    chunks.push(buffer);
    length += buffer.length;
  };
  parts.forEach((part, index) => {
    // The first delimiter has no CRLF before it; count its offset from the dashes.
    const delimiter = length;
    push(`${index === 0 ? '' : '\r\n'}--${boundary}\r\n`);
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    push(`Content-Disposition: form-data; name="${part.name}"${filename}\r\n`);
    if (part.contentType) push(`Content-Type: ${part.contentType}\r\n`);
    push('\r\n');
    const data = length;
    push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'));
    offsets.push({ delimiter, data, end: length });
  });
  const closing = length;
  push(`\r\n--${boundary}--\r\n`);
  return { boundary, body: Buffer.concat(chunks), parts: offsets, closing };
}

export interface BrokenMultipartCase {
  name: string;
  /** Request headers besides Host, Connection and Content-Length. */
  headers: Record<string, string>;
  body: Buffer;
  /**
   * 'refused': answered with `status` (a 4xx). 'dropped': the client sends `body`, announces more
   * (Content-Length of the whole form) and goes away, so there is no one to answer; at once, or once
   * the service is storing the file named `whileStoring` (the test knows how to see that).
   */
  outcome: { kind: 'refused'; status: number } | { kind: 'dropped'; whileStoring?: string };
}

const multipartType = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/**
 * Every way the corpus breaks `parts` (at least two parts, the last one a file). Extra `headers` (an
 * upload token, say) are added to every case. Assumes the receiver's default limits (100 fields) and an
 * endpoint that answers 400 to a form without any file.
 */
export function brokenMultipartCorpus(
  parts: MultipartPart[],
  headers: Record<string, string> = {},
): BrokenMultipartCase[] {
  const form = buildMultipartForm(parts);
  const type = { ...headers, 'Content-Type': multipartType(form.boundary) };
  const cases: BrokenMultipartCase[] = [];
  const refused = (name: string, body: Buffer, status = 400, caseHeaders: Record<string, string> = type) =>
    cases.push({ name, headers: caseHeaders, body, outcome: { kind: 'refused', status } });

  // Cut off at every part boundary: before and after each delimiter's CRLF, dashes and boundary, inside
  // and at the end of each part's headers, and halfway through each part's data.
  const cuts = new Map<number, string>();
  const delimiterLength = 2 + form.boundary.length; // "--" + boundary
  form.parts.forEach((part, index) => {
    const crlf = index === 0 ? 0 : 2;
    const label = `part ${index + 1}`;
    cuts.set(part.delimiter, `before the delimiter of ${label}`);
    if (crlf) cuts.set(part.delimiter + crlf, `between the CRLF and the dashes of ${label}`);
    cuts.set(part.delimiter + crlf + 1, `inside the dashes of ${label}`);
    cuts.set(part.delimiter + crlf + delimiterLength, `right after the boundary of ${label}`);
    cuts.set(part.delimiter + crlf + delimiterLength + 2, `at the start of the headers of ${label}`);
    cuts.set(Math.floor((part.delimiter + part.data) / 2) + 4, `inside the headers of ${label}`);
    cuts.set(part.data - 2, `between the headers and the data of ${label}`);
    cuts.set(part.data, `at the start of the data of ${label}`);
    if (part.end - part.data > 1)
      cuts.set(Math.floor((part.data + part.end) / 2), `inside the data of ${label}`);
  });
  cuts.set(form.closing, 'before the closing delimiter');
  cuts.set(form.closing + 2, 'between the CRLF and the dashes of the closing delimiter');
  cuts.set(form.closing + 2 + delimiterLength, 'after the closing boundary, before its "--"');
  cuts.set(form.closing + 2 + delimiterLength + 1, 'inside the closing "--"');
  for (const [offset, where] of [...cuts].sort(([a], [b]) => a - b)) {
    refused(`cut off ${where} (byte ${offset})`, form.body.subarray(0, offset));
  }

  // Malformed part headers; two in one body is what once took a process down twice over.
  const file = parts.at(-1)!;
  const withFile = (overrides: Partial<MultipartPart>) => ({ ...file, ...overrides });
  const nulName = withFile({ filename: 'menu\u0000.png' });
  refused('NUL byte in a filename, in two parts', buildMultipartForm([nulName, nulName]).body);
  refused(
    'NUL byte in a field name',
    buildMultipartForm([...parts.slice(0, -1), withFile({ name: 'fi\u0000les' })]).body,
  );
  refused(
    'a part header line without a colon',
    replaceOnce(form.body, 'Content-Disposition:', 'Content-Disposition'),
  );
  refused(
    'a part header name with a space',
    replaceOnce(form.body, 'Content-Disposition:', 'Content Disposition:'),
  );
  refused('a bare LF inside a part header', replaceOnce(form.body, '"\r\n', '"\n'));
  refused(
    'a part header over 16 KB',
    buildMultipartForm([withFile({ filename: `${'a'.repeat(20_000)}.png` })]).body,
  );
  refused(
    'a part header of 3000 short lines',
    replaceOnce(form.body, 'Content-Disposition:', `${'X-Pad: 1\r\n'.repeat(3000)}Content-Disposition:`),
  );
  refused(
    'LF line ends instead of CRLF',
    Buffer.from(form.body.toString('latin1').replaceAll('\r\n', '\n'), 'latin1'),
  );
  refused(
    'a part without Content-Disposition',
    replaceAll(form.body, /Content-Disposition: form-data; [^\r]*\r\n/g, ''),
  );
  refused(
    'Content-Disposition that is not form-data',
    replaceAll(form.body, /Content-Disposition: form-data/g, 'Content-Disposition: attachment'),
  );
  refused(
    'too many fields',
    buildMultipartForm([
      ...Array.from({ length: 150 }, (_, index) => ({ name: `note${index}`, data: 'x' })),
      file,
    ]).body,
    413,
  );

  // The boundary: missing, empty, or not the one the body uses.
  refused('no boundary parameter', form.body, 400, { ...headers, 'Content-Type': 'multipart/form-data' });
  refused('an empty boundary', form.body, 400, {
    ...headers,
    'Content-Type': 'multipart/form-data; boundary=',
  });
  refused('a boundary the body never uses', form.body, 400, {
    ...headers,
    'Content-Type': multipartType('other-boundary'),
  });
  refused('an empty body', Buffer.alloc(0));
  refused('not multipart at all', form.body, 415, { ...headers, 'Content-Type': 'text/plain' });
  refused('no Content-Type', form.body, 415, { ...headers });

  // A request header too large for Node's HTTP parser (its 16 KB limit).
  refused('a request header over 16 KB', form.body, 431, { ...type, 'X-Filler': 'f'.repeat(20_000) });

  // The client goes away: inside the headers of the last part, right after them, and mid-file, at once
  // (the service may not have started reading) and once the file is being stored.
  const last = form.parts.at(-1)!;
  const halfway = Math.floor((last.data + last.end) / 2);
  const dropped = (where: string, offset: number, whileStoring?: string) =>
    cases.push({
      name: `client goes away ${where}`,
      headers: { ...type, 'Content-Length': String(form.body.length) },
      body: form.body.subarray(0, offset),
      outcome: { kind: 'dropped', ...(whileStoring !== undefined && { whileStoring }) },
    });
  dropped('inside the headers of the last part', last.delimiter + 10);
  dropped('right after the headers of the last part', last.data);
  dropped('halfway through the last file', halfway);
  if (file.filename !== undefined && halfway - last.data > 4100) {
    dropped('halfway through the last file, while it is being stored', halfway, file.filename);
  }
  return cases;
}

function replaceOnce(body: Buffer, search: string, replacement: string): Buffer {
  const text = body.toString('latin1');
  const at = text.indexOf(search);
  if (at < 0) throw new Error(`"${search}" is not in the form`);
  return Buffer.from(text.slice(0, at) + replacement + text.slice(at + search.length), 'latin1');
}

function replaceAll(body: Buffer, pattern: RegExp, replacement: string): Buffer {
  return Buffer.from(body.toString('latin1').replace(pattern, replacement), 'latin1');
}

export interface RawResponse {
  /** null when the connection closed without an answer. */
  status: number | null;
  body: string;
}

/**
 * Writes one HTTP/1.1 request byte for byte on a fresh socket and reads the answer until the server
 * closes. Content-Length is the body's unless `headers` name one. With `hangUp` the socket is closed
 * once the body is written (and, when it is a function, once the promise it returns settles), without
 * waiting for an answer.
 */
export async function sendRawRequest(options: {
  url: string;
  method?: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  hangUp?: boolean | (() => Promise<void>);
  timeoutMs?: number;
}): Promise<RawResponse> {
  const { hostname, port } = new URL(options.url);
  const headers: Record<string, string> = {
    Host: `${hostname}:${port}`,
    Connection: 'close',
    'Content-Length': String(options.body.length),
    ...options.headers,
  };
  const head = Buffer.from(
    `${options.method ?? 'POST'} ${options.path} HTTP/1.1\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n',
    'latin1',
  );
  const socket = net.connect({ host: hostname, port: Number(port) });
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const closed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer and no close within ${options.timeoutMs ?? 15_000} ms`));
    }, options.timeoutMs ?? 15_000);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
    // The server may close while we are still writing (an early answer); what it sent still counts.
    socket.on('error', () => undefined);
  });
  const { hangUp } = options;
  let waitFailure: unknown = null;
  socket.write(Buffer.concat([head, options.body]), () => {
    if (typeof hangUp === 'function') {
      hangUp()
        .catch((error: unknown) => {
          waitFailure = error;
        })
        .finally(() => socket.destroy());
    } else if (hangUp) socket.destroy();
  });
  await closed;
  if (waitFailure) throw waitFailure;
  const text = Buffer.concat(received).toString('latin1');
  const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
  return { status: status ? Number(status) : null, body: text.slice(text.indexOf('\r\n\r\n') + 4) };
}
