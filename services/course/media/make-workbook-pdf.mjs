#!/usr/bin/env node
// Writes restaurant-goals-workbook.pdf, the bonus resource of section 8 (run once; the output is
// committed). A plain PDF 1.4 with the standard Helvetica fonts and a correct cross-reference table,
// written by hand so no PDF library is needed and the bytes are reproducible.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'restaurant-goals-workbook.pdf');

/** Page content: [font, size, x, y, text] lines, and [x1, y1, x2, y2] rules to write on. */
const pages = [
  {
    text: [
      ['F2', 24, 56, 770, 'Restaurant Goals Workbook'],
      ['F1', 11, 56, 748, 'Restaurant Management Mastery - Section 8 bonus resource'],
      ['F2', 14, 56, 704, '1. Where you are today'],
      ['F1', 11, 56, 684, 'Fill these in from last month before you set any goal.'],
      ['F1', 11, 56, 656, 'Covers per day (average):'],
      ['F1', 11, 56, 630, 'Average check per guest ($):'],
      ['F1', 11, 56, 604, 'Food cost (% of food sales):'],
      ['F1', 11, 56, 578, 'Labour cost (% of sales):'],
      ['F1', 11, 56, 552, 'Table turns per dinner service:'],
      ['F1', 11, 56, 526, 'Returning guests (% of covers):'],
      ['F2', 14, 56, 484, '2. Three goals for the next 90 days'],
      [
        'F1',
        11,
        56,
        464,
        'Make each one a number with a date. "Busier" is not a goal; "45 covers on Tuesdays" is.',
      ],
      ['F1', 11, 56, 436, 'Goal 1:'],
      ['F1', 11, 56, 410, 'Goal 2:'],
      ['F1', 11, 56, 384, 'Goal 3:'],
      ['F2', 14, 56, 342, '3. The habits that get you there'],
      ['F1', 11, 56, 322, 'Greet every table within 60 seconds of seating.'],
      ['F1', 11, 56, 304, "Write tomorrow's prep list before close tonight."],
      ['F1', 11, 56, 286, 'Cost every plate again whenever a supplier price changes.'],
      ['F1', 11, 56, 268, 'Ask one guest per shift what would bring them back sooner.'],
    ],
    rules: [
      [250, 654, 540, 654],
      [250, 628, 540, 628],
      [250, 602, 540, 602],
      [250, 576, 540, 576],
      [250, 550, 540, 550],
      [250, 524, 540, 524],
      [110, 434, 540, 434],
      [110, 408, 540, 408],
      [110, 382, 540, 382],
    ],
  },
  {
    text: [
      ['F2', 18, 56, 770, 'Weekly check-in'],
      ['F1', 11, 56, 748, 'Ten minutes every Monday. Compare with last week, not with your best week.'],
      ['F2', 11, 56, 712, 'Week'],
      ['F2', 11, 120, 712, 'Covers'],
      ['F2', 11, 200, 712, 'Avg check'],
      ['F2', 11, 290, 712, 'Food cost %'],
      ['F2', 11, 390, 712, 'Labour %'],
      ['F2', 11, 470, 712, 'Turns'],
      ...Array.from({ length: 12 }, (_, i) => ['F1', 11, 56, 686 - i * 26, String(i + 1)]),
      ['F2', 14, 56, 340, 'What I will change next week'],
      ['F1', 9, 56, 80, 'Restaurant Management Mastery. Print it, keep it by the pass, fill it in weekly.'],
    ],
    rules: [
      ...Array.from({ length: 12 }, (_, i) => [80, 684 - i * 26, 540, 684 - i * 26]),
      [56, 310, 540, 310],
      [56, 284, 540, 284],
      [56, 258, 540, 258],
      [56, 232, 540, 232],
    ],
  },
];

function escapeText(text) {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

function contentStream(page) {
  const lines = ['0.2 0.2 0.2 RG 0.5 w'];
  for (const [x1, y1, x2, y2] of page.rules) lines.push(`${x1} ${y1} m ${x2} ${y2} l S`);
  lines.push('0.1 0.1 0.1 rg');
  for (const [font, size, x, y, text] of page.text) {
    lines.push(`BT /${font} ${size} Tf ${x} ${y} Td (${escapeText(text)}) Tj ET`);
  }
  return lines.join('\n');
}

// Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, then per page a page and its content.
const objects = [];
const pageIds = pages.map((_, i) => 5 + i * 2);
objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
pages.forEach((page, i) => {
  const pageId = pageIds[i];
  const stream = contentStream(page);
  objects[pageId] =
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ` +
    `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
  objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
});

const infoId = objects.length;
objects[infoId] =
  '<< /Title (Restaurant Goals Workbook) /Subject (Restaurant Management Mastery, section 8) >>';

let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
const offsets = [];
for (let id = 1; id < objects.length; id++) {
  offsets[id] = Buffer.byteLength(pdf, 'latin1');
  pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
}
const xrefOffset = Buffer.byteLength(pdf, 'latin1');
pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
for (let id = 1; id < objects.length; id++) pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\n`;
pdf += `startxref\n${xrefOffset}\n%%EOF\n`;

writeFileSync(out, Buffer.from(pdf, 'latin1'));
console.log(`wrote ${out} (${Buffer.byteLength(pdf, 'latin1')} bytes)`);
