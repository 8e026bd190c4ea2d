/**
 * The certificate as a one-page landscape A4 PDF (pdf-lib, the standard Helvetica and Times faces): the
 * learner's name, the course, the date, the id and where to verify it. The standard faces cover Western
 * European text (WinAnsi); another character is written without its accent when it has one, else as '?'.
 */
import { PDF_INK as INK, PDF_MUTED as MUTED, drawable } from '@platform/service-kit/pdf';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { CertificateRow } from '../db/schema.js';

const PAGE = { width: 842, height: 595 };
const ACCENT = rgb(0.72, 0.45, 0.12);

/** The date as printed: 'March 4, 2030', in UTC (the day it was issued, wherever it is read). */
export function formatCertificateDate(at: Date): string {
  return at.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** An accent-coloured border `inset` points inside the page's edges. */
function frame(page: PDFPage, inset: number, borderWidth: number): void {
  page.drawRectangle({
    x: inset,
    y: inset,
    width: PAGE.width - 2 * inset,
    height: PAGE.height - 2 * inset,
    borderColor: ACCENT,
    borderWidth,
  });
}

/** Draws `text` centred at `y`, shrinking it until it fits the page's width less the margins. */
function centred(
  page: PDFPage,
  text: string,
  options: { y: number; font: PDFFont; size: number; color?: ReturnType<typeof rgb> },
) {
  const clean = drawable(options.font, text);
  let size = options.size;
  while (size > 8 && options.font.widthOfTextAtSize(clean, size) > PAGE.width - 140) size -= 1;
  const width = options.font.widthOfTextAtSize(clean, size);
  page.drawText(clean, {
    x: (PAGE.width - width) / 2,
    y: options.y,
    size,
    font: options.font,
    color: options.color ?? INK,
  });
}

/** The public page that verifies the certificate, printed on it. */
export function certificateVerifyUrl(baseUrl: string, id: string): string {
  return `${baseUrl}/certificates/${id}`;
}

/** The one file the download and the e-mail carry: the same row and site give the same bytes. */
export async function renderCertificatePdf(
  certificate: Pick<CertificateRow, 'id' | 'learnerName' | 'courseTitle' | 'issuedAt'>,
  options: { publicBaseUrl: string },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of Completion: ${certificate.courseTitle}`);
  pdf.setAuthor('Restaurant Consultant');
  pdf.setCreationDate(certificate.issuedAt);
  pdf.setModificationDate(certificate.issuedAt);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const [serif, serifBold, sans] = await Promise.all([
    pdf.embedFont(StandardFonts.TimesRoman),
    pdf.embedFont(StandardFonts.TimesRomanBold),
    pdf.embedFont(StandardFonts.Helvetica),
  ]);
  frame(page, 24, 3);
  frame(page, 34, 0.75);
  centred(page, 'RESTAURANT CONSULTANT', { y: 490, font: sans, size: 12, color: MUTED });
  centred(page, 'Certificate of Completion', { y: 440, font: serifBold, size: 38 });
  centred(page, 'This certifies that', { y: 388, font: serif, size: 16, color: MUTED });
  centred(page, certificate.learnerName, { y: 340, font: serifBold, size: 34 });
  page.drawLine({
    start: { x: 220, y: 328 },
    end: { x: PAGE.width - 220, y: 328 },
    thickness: 0.75,
    color: ACCENT,
  });
  centred(page, 'has completed every section of the course', { y: 292, font: serif, size: 16, color: MUTED });
  centred(page, certificate.courseTitle, { y: 252, font: serifBold, size: 24 });
  centred(page, `on ${formatCertificateDate(certificate.issuedAt)}`, { y: 214, font: serif, size: 16 });
  centred(page, `Certificate ID: ${certificate.id}`, { y: 110, font: sans, size: 10, color: MUTED });
  centred(page, `Verify it at ${certificateVerifyUrl(options.publicBaseUrl, certificate.id)}`, {
    y: 94,
    font: sans,
    size: 10,
    color: MUTED,
  });
  return pdf.save();
}
