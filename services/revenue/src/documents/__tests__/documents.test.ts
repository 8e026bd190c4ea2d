/**
 * Supporting documents on the real service (docs/behaviour/revenue-share.md#supporting-documents): the
 * owner attaches files to a report, the type is decided from the bytes (markup named .pdf is refused and
 * nothing is kept), too many or too large is a 413, the owner and an admin download them as attachments,
 * other accounts do not see them, and both report lists carry them.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  AttachReportDocumentsResponseSchema,
  MAX_REPORT_DOCUMENT_BYTES,
  REPORT_DOCUMENT_MESSAGES,
  UPLOAD_FILE_ID_FIELD,
  reportDocumentPath,
} from '@platform/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { reportDocuments } from '../../db/schema.js';
import { admin, backings, reportBody, type UserCaller, useClockedOwner } from '../../__tests__/harness.js';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const CSV = Buffer.from('date,gross,expenses\n2030-02-01,1200.50,300\n2030-02-02,980,250\n');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

type Part = { name: string; bytes: Buffer; type?: string };

function form(parts: Part[], field = 'files'): RequestInit {
  const body = new FormData();
  for (const part of parts) {
    body.append(field, new Blob([part.bytes], { type: part.type ?? 'application/octet-stream' }), part.name);
  }
  return { method: 'POST', body };
}

describe.each(backings())('revenue report documents on $name', (factory) => {
  let otherOwner: UserCaller;
  let reportId: string;

  const { revenue, clock, owner } = useClockedOwner(factory, { agreedAt: '2029-12-01' }, {}, async () => {
    otherOwner = await revenue.ownerAgreedOn('2029-12-01');
    clock.set('2030-06-15T09:30:00.000Z');
    const submitted = await revenue.submitReport(owner, reportBody('2030-02-01', '2030-02-28'));
    expect(submitted.status).toBe(200);
    reportId = (submitted.body.report as { id: string }).id;
  });

  const documentsPath = () => `/api/revenue-reports/${reportId}/documents`;

  /** The report's rows, and (local store) the objects under its folder. */
  async function whatIsStored(id = reportId) {
    const rows = await revenue.service.deps.db
      .select({ id: reportDocuments.id })
      .from(reportDocuments)
      .where(eq(reportDocuments.reportId, id));
    if (revenue.backing.env.S3_ENDPOINT) return { rows: rows.length };
    const folder = path.join(revenue.backing.env.DATA_DIR!, 'objects', 'objects', 'revenue-reports', id);
    const objects = await readdir(folder).catch(() => [] as string[]);
    return { rows: rows.length, objects: objects.length };
  }
  const nothing = () => (revenue.backing.env.S3_ENDPOINT ? { rows: 0 } : { rows: 0, objects: 0 });

  it('refuses markup named .pdf with the message, and keeps nothing', async () => {
    for (const bytes of [SVG, HTML]) {
      const response = await revenue.requestAs(
        owner,
        documentsPath(),
        form([{ name: 'statement.pdf', bytes, type: 'application/pdf' }]),
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; rejected: unknown[] };
      expect(body.message).toBe(REPORT_DOCUMENT_MESSAGES.noFilesAccepted);
      expect(body.rejected).toEqual([
        { fileName: 'statement.pdf', reason: REPORT_DOCUMENT_MESSAGES.notAllowed },
      ]);
    }
    // Markup named .csv is not plain text either.
    const csvMarkup = await revenue.requestAs(
      owner,
      documentsPath(),
      form([{ name: 'sales.csv', bytes: SVG }]),
    );
    expect(csvMarkup.status).toBe(400);
    expect(await whatIsStored()).toEqual(nothing());
  });

  it('answers 413 for too many or too large files, and keeps none of them', async () => {
    const six = Array.from({ length: 6 }, (_, index) => ({ name: `page-${index}.pdf`, bytes: PDF }));
    const tooMany = await revenue.requestAs(owner, documentsPath(), form(six));
    expect(tooMany.status).toBe(413);
    expect(((await tooMany.json()) as { message: string }).message).toBe(REPORT_DOCUMENT_MESSAGES.tooMany);

    const large = Buffer.concat([PDF, Buffer.alloc(MAX_REPORT_DOCUMENT_BYTES + 1 - PDF.length, 0x20)]);
    const tooLarge = await revenue.requestAs(
      owner,
      documentsPath(),
      form([
        { name: 'fine.pdf', bytes: PDF },
        { name: 'scan.pdf', bytes: large },
      ]),
    );
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { message: string }).message).toBe(REPORT_DOCUMENT_MESSAGES.tooLarge);
    expect(await whatIsStored()).toEqual(nothing());
  });

  it('is the owner’s only: 401 for visitors, 404 for another owner, nothing kept', async () => {
    const visitor = await revenue.request(documentsPath(), form([{ name: 'a.pdf', bytes: PDF }]));
    expect(visitor.status).toBe(401);
    const other = await revenue.requestAs(otherOwner, documentsPath(), form([{ name: 'a.pdf', bytes: PDF }]));
    expect(other.status).toBe(404);
    expect(((await other.json()) as { message: string }).message).toBe(
      REPORT_DOCUMENT_MESSAGES.reportNotFound,
    );
    const unknown = await revenue.requestAs(
      owner,
      '/api/revenue-reports/00000000-0000-4000-8000-000000000000/documents',
      form([{ name: 'a.pdf', bytes: PDF }]),
    );
    expect(unknown.status).toBe(404);
    expect(await whatIsStored()).toEqual(nothing());
  });

  it('records a document sent again under the id the page gave it once, also sent twice at once', async () => {
    clock.set('2030-06-16T09:30:00.000Z');
    const march = await revenue.submitReport(owner, reportBody('2030-03-01', '2030-03-31'));
    expect(march.status).toBe(200);
    const marchId = (march.body.report as { id: string }).id;
    const [pdfId, csvId] = [randomUUID(), randomUUID()];
    const send = (withCsv: boolean) => {
      const body = new FormData();
      body.append(UPLOAD_FILE_ID_FIELD, pdfId);
      body.append('files', new Blob([PDF], { type: 'application/pdf' }), 'March statement.pdf');
      if (withCsv) {
        body.append(UPLOAD_FILE_ID_FIELD, csvId.toUpperCase());
        body.append('files', new Blob([CSV], { type: 'text/csv' }), 'march.csv');
      }
      // A file with no id of its own is always a new one, even right after one with an id.
      body.append('files', new Blob([CSV], { type: 'text/csv' }), 'notes.csv');
      return revenue.requestAs(owner, `/api/revenue-reports/${marchId}/documents`, { method: 'POST', body });
    };
    const first = AttachReportDocumentsResponseSchema.parse(await (await send(false)).json());
    // The answer was lost: the page sends the statement again, now with the CSV, twice at once.
    const again = await Promise.all([send(true), send(true)]);
    const answers = await Promise.all(
      again.map(async (response) => {
        expect(response.status).toBe(200);
        return AttachReportDocumentsResponseSchema.parse(await response.json());
      }),
    );
    for (const answer of answers) {
      expect(answer.documents[0]).toEqual(first.documents[0]);
      expect(answer.documents[1]!.id).toBe(answers[0]!.documents[1]!.id);
    }
    const rows = await revenue.service.deps.db
      .select()
      .from(reportDocuments)
      .where(eq(reportDocuments.reportId, marchId));
    // The statement and the CSV once each, and each 'notes.csv' sent without an id.
    expect(rows.map((row) => row.originalName).sort()).toEqual([
      'March statement.pdf',
      'march.csv',
      'notes.csv',
      'notes.csv',
      'notes.csv',
    ]);
    // No copy is left in the store beside the recorded ones.
    const keys: string[] = [];
    for await (const key of revenue.service.deps.store!.list()) {
      if (key.startsWith(`revenue-reports/${marchId}/`)) keys.push(key);
    }
    expect(keys.sort()).toEqual(rows.map((row) => row.objectKey).sort());
  });

  describe('once the owner attached a PDF and a CSV', () => {
    let attached: z.infer<typeof AttachReportDocumentsResponseSchema>;

    beforeAll(async () => {
      const response = await revenue.requestAs(
        owner,
        documentsPath(),
        form([
          { name: 'February statement.pdf', bytes: PDF },
          { name: 'daily-sales.csv', bytes: CSV, type: 'text/csv' },
        ]),
      );
      expect(response.status).toBe(200);
      attached = AttachReportDocumentsResponseSchema.parse(await response.json());
    });

    it('keeps both, typed from their bytes, under the report’s folder', async () => {
      expect(attached.message).toBe('2 documents attached.');
      expect(attached.rejected).toEqual([]);
      expect(attached.documents.map(({ name, size, contentType }) => ({ name, size, contentType }))).toEqual([
        { name: 'February statement.pdf', size: PDF.length, contentType: 'application/pdf' },
        { name: 'daily-sales.csv', size: CSV.length, contentType: 'text/csv; charset=utf-8' },
      ]);
      for (const document of attached.documents) {
        expect(document.url).toBe(reportDocumentPath(reportId, document.id));
      }
      const keys = await revenue.service.deps.db
        .select({ key: reportDocuments.objectKey })
        .from(reportDocuments)
        .where(eq(reportDocuments.reportId, reportId));
      const extensions = keys.map((row) => {
        expect(row.key).toMatch(new RegExp(`^revenue-reports/${reportId}/[A-Za-z0-9_-]+\\.[a-z]+$`));
        return row.key.split('.').pop();
      });
      expect(extensions.sort()).toEqual(['csv', 'pdf']);
    });

    it('lets the owner and an admin download them as attachments', async () => {
      const [pdf, csv] = attached.documents;
      for (const caller of [owner, admin()]) {
        const response = await revenue.requestAs(caller, pdf!.url);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(response.headers.get('content-disposition')).toBe(
          'attachment; filename="February statement.pdf"',
        );
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
      }
      const response = await revenue.requestAs(owner, csv!.url);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(await response.text()).toBe(CSV.toString());
    });

    it('hides them from other owners (404) and visitors (401)', async () => {
      const url = attached.documents[0]!.url;
      const other = await revenue.requestAs(otherOwner, url);
      expect(other.status).toBe(404);
      expect(((await other.json()) as { message: string }).message).toBe(
        REPORT_DOCUMENT_MESSAGES.documentNotFound,
      );
      expect((await revenue.request(url)).status).toBe(401);
      const wrongReport = await revenue.requestAs(
        owner,
        `/api/revenue-reports/00000000-0000-4000-8000-000000000000/documents/${attached.documents[0]!.id}`,
      );
      expect(wrongReport.status).toBe(404);
    });

    it('lists them on the owner’s reports and the admin’s ledger', async () => {
      const mine = await revenue.myReports(owner);
      expect(mine.reports.find((report) => report.id === reportId)?.documents).toEqual(attached.documents);

      const ledger = await revenue.adminReports();
      expect(ledger.find((report) => report.id === reportId)?.documents).toEqual(attached.documents);

      const others = await revenue.myReports(otherOwner);
      expect(others.reports).toEqual([]);
    });
  });
});
