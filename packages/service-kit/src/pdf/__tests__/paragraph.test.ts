/**
 * Paragraphs in the kit's PDFs: long text breaks into lines that fit the width by the font's own widths,
 * every word is drawn once and in order, and text that does not fit on the page goes on to a new one.
 */
import { describe, expect, it } from '@jest/globals';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { drawnPdfText } from '../../testing/pdf-text.js';
import { A4, PDF_MARGIN, startPdf, wrapLines } from '../index.js';

const CLAUSE =
  'Nothing upfront. Each month you pay 10% of your net revenue increase: your net revenue (gross revenue less business expenses) less your baseline, never less than zero, rounded to the cent.';

describe('wrapLines', () => {
  it('breaks at spaces so that each line fits and no word is lost', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const lines = wrapLines(font, CLAUSE, 200, 10);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
    expect(lines.join(' ')).toBe(CLAUSE);
    // Each line is as full as it can be: the next line's first word would not have fitted.
    for (let i = 0; i < lines.length - 1; i += 1) {
      const next = lines[i + 1]!.split(' ')[0]!;
      expect(font.widthOfTextAtSize(`${lines[i]} ${next}`, 10)).toBeGreaterThan(200);
    }
  });

  it('keeps the line breaks of the text and cuts a word wider than the line', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    expect(wrapLines(font, 'First line\nSecond line', 400, 10)).toEqual(['First line', 'Second line']);
    const long = 'x'.repeat(120);
    const lines = wrapLines(font, long, 100, 10);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(long);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(100);
  });
});

describe('down', () => {
  it('moves down on the page, and to the top of a new page near the bottom', async () => {
    const w = await startPdf({ title: 't', author: 'a', at: new Date('2030-01-01T00:00:00.000Z') });
    expect(w.down(500, 20)).toBe(480);
    expect(w.pdf.getPageCount()).toBe(1);
    expect(w.down(PDF_MARGIN + 40, 20)).toBe(w.top);
    expect(w.pdf.getPageCount()).toBe(2);
  });
});

describe('paragraph', () => {
  it('returns the y under its last line', async () => {
    const w = await startPdf({ title: 't', author: 'a', at: new Date('2030-01-01T00:00:00.000Z') });
    const y = w.paragraph('One short line', { x: PDF_MARGIN, y: 500, size: 10 });
    expect(y).toBe(500 - 14);
    const wrapped = w.paragraph(CLAUSE, { x: PDF_MARGIN, y: 400, width: 200, size: 10 });
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(wrapped).toBeCloseTo(400 - 14 * wrapLines(font, CLAUSE, 200, 10).length);
  });

  it('goes on to a new page when the page is full, every word drawn once and in order', async () => {
    const w = await startPdf({ title: 't', author: 'a', at: new Date('2030-01-01T00:00:00.000Z') });
    const words = Array.from({ length: 900 }, (_, i) => `word${i}`);
    const y = w.paragraph(words.join(' '), { x: PDF_MARGIN, y: 200 });
    expect(w.pdf.getPageCount()).toBeGreaterThan(1);
    expect(y).toBeGreaterThan(PDF_MARGIN - 14);
    expect(y).toBeLessThan(A4.height);
    const drawn = drawnPdfText(Buffer.from(await w.pdf.save())).split(/\s+/);
    expect(drawn).toEqual(words);
  });
});
