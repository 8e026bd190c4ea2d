/** A drawn PDF (invoices, statements, certificates, agreements) sent as a download that no cache keeps. */
import type { Response } from 'express';

export function sendPdf(res: Response, pdf: Uint8Array, filename: string): void {
  // A route that already said how it may be cached (`no-store` for one person's money) keeps its word.
  if (!res.get('Cache-Control')) res.set('Cache-Control', 'private, no-store');
  res
    .status(200)
    .set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename.replace(/["\\\r\n]/g, '')}"`,
      'X-Content-Type-Options': 'nosniff',
    })
    .end(Buffer.from(pdf));
}
