/**
 * The one way a service draws a PDF (pdf-lib, the standard Helvetica faces): an A4 page, the ink and
 * muted colours, text written left or right aligned, paragraphs wrapped to a width, rules, and a new page
 * when the first is full. The
 * standard faces cover Western European text (WinAnsi); another character is written without its accent
 * when it has one, else as '?'.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export const A4 = { width: 595, height: 842 } as const;
export const PDF_MARGIN = 56;
export const PDF_INK = rgb(0.11, 0.15, 0.2);
export const PDF_MUTED = rgb(0.38, 0.42, 0.48);

/** What `font` can draw of `text`. */
export function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text]
    .map((char) => {
      if (supported.has(char.codePointAt(0)!)) return char;
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return [...bare].every((part) => supported.has(part.codePointAt(0)!)) && bare !== '' ? bare : '?';
    })
    .join('');
}

/**
 * `text` broken into lines no wider than `width` at `size` points, by the font's own widths: at spaces,
 * and inside a word only when the word alone is wider than the line. Line breaks in `text` are kept.
 */
export function wrapLines(font: PDFFont, text: string, width: number, size: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  for (const source of text.split('\n').map((part) => drawable(font, part))) {
    let line = '';
    for (const word of source.split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the whole line is cut where it fills the line.
      let rest = word;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export interface PdfTextOptions {
  x: number;
  y: number;
  size?: number;
  bold?: boolean;
  muted?: boolean;
}

/** Writes on the current page; `newPage()` starts another A4 page and writes there from then on. */
export interface PdfWriter {
  readonly pdf: PDFDocument;
  readonly page: PDFPage;
  /** The x of the right margin. */
  readonly right: number;
  /** The y of the first line of a page. */
  readonly top: number;
  text(value: string, options: PdfTextOptions): void;
  /** Text whose right edge is at `x`. */
  alignRight(value: string, options: PdfTextOptions): void;
  /**
   * `value` wrapped to `width` (the margins' width from `x` by default), its first line at `y`, a line every
   * `size` × 1.4 points; a line that would fall below the bottom margin goes on a new page, from its top.
   * Returns the y under the last line, where the next text can start.
   */
  paragraph(value: string, options: PdfParagraphOptions): number;
  /**
   * The y `by` points below `y`, or the top of a new page when that leaves less than `bottom` (the margin
   * and a line of 30 points by default): how a renderer moves down line by line.
   */
  down(y: number, by: number, bottom?: number): number;
  /** A horizontal line at `y` (the margins by default). */
  rule(y: number, from?: number, to?: number, thickness?: number): void;
  newPage(): void;
}

export interface PdfParagraphOptions extends PdfTextOptions {
  width?: number;
}

export interface PdfMeta {
  title: string;
  author: string;
  /** The creation and modification date written in the file (so the same input gives the same file). */
  at: Date;
}

/** A PDF with one A4 page and a writer on it. */
export async function startPdf(meta: PdfMeta): Promise<PdfWriter> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setCreationDate(meta.at);
  pdf.setModificationDate(meta.at);
  const [regular, bold] = await Promise.all([
    pdf.embedFont(StandardFonts.Helvetica),
    pdf.embedFont(StandardFonts.HelveticaBold),
  ]);
  let page = pdf.addPage([A4.width, A4.height]);
  const draw = (
    value: string,
    { x, y, size = 10, bold: isBold = false, muted = false }: PdfTextOptions,
    alignRight: boolean,
  ) => {
    const font = isBold ? bold : regular;
    const clean = drawable(font, value);
    page.drawText(clean, {
      x: alignRight ? x - font.widthOfTextAtSize(clean, size) : x,
      y,
      size,
      font,
      color: muted ? PDF_MUTED : PDF_INK,
    });
  };
  const top = A4.height - PDF_MARGIN - 10;
  const newPage = () => {
    page = pdf.addPage([A4.width, A4.height]);
  };
  return {
    pdf,
    get page() {
      return page;
    },
    right: A4.width - PDF_MARGIN,
    top,
    text: (value, options) => draw(value, options, false),
    alignRight: (value, options) => draw(value, options, true),
    paragraph: (value, { width, ...options }) => {
      const size = options.size ?? 10;
      const leading = size * 1.4;
      const font = options.bold ? bold : regular;
      let y = options.y;
      for (const line of wrapLines(font, value, width ?? A4.width - PDF_MARGIN - options.x, size)) {
        if (y < PDF_MARGIN) {
          newPage();
          y = top;
        }
        draw(line, { ...options, y }, false);
        y -= leading;
      }
      return y;
    },
    down: (y, by, bottom = PDF_MARGIN + 30) => {
      if (y - by >= bottom) return y - by;
      newPage();
      return top;
    },
    rule: (y, from = PDF_MARGIN, to = A4.width - PDF_MARGIN, thickness = 0.75) =>
      page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness, color: PDF_MUTED }),
    newPage,
  };
}
