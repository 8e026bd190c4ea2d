/** Reading what a generated PDF says, for tests of the services that draw PDFs with pdf-lib. */
import { inflateSync } from 'node:zlib';

/** The text drawn on the PDF's pages: pdf-lib writes each string as hex inside deflated content streams. */
export function drawnPdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((match) => {
    const bytes = Buffer.from(match[1]!, 'latin1');
    try {
      return inflateSync(bytes).toString('latin1');
    } catch {
      return bytes.toString('latin1');
    }
  });
  return streams
    .flatMap((stream) => [...stream.matchAll(/<([0-9A-Fa-f]+)> Tj/g)])
    .map((match) => Buffer.from(match[1]!, 'hex').toString('latin1'))
    .join('\n');
}
