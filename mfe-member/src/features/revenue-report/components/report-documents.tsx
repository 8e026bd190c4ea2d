/**
 * A report's supporting documents in the history: each a download link, and 'Attach documents' to send
 * more (or again, after an upload that failed when the report was submitted).
 */
import { useRef } from 'react';
import {
  REPORT_DOCUMENT_ACCEPT,
  REPORT_DOCUMENT_MESSAGES,
  documentsAnswerText,
  type ReportDocument,
} from '@platform/contracts';
import { ApiError, Button, toast } from '@platform/ui';
import { useAttachReportDocuments } from '../api/attach-report-documents';
import { checkChosenDocuments, formatFileSize } from '../lib/report-documents';

/** Says the documents were not attached; `describe` words it from the server's reason, if it gave one. */
export function toastDocumentsNotAttached(error: unknown, describe: (reason: string | null) => string) {
  console.error('Attaching documents failed:', error);
  const reason = error instanceof ApiError ? error.toFailure().message : null;
  toast({
    title: REPORT_DOCUMENT_MESSAGES.notAttachedTitle,
    description: describe(reason),
    variant: 'destructive',
  });
}

export function ReportDocuments({
  reportId,
  period,
  documents,
}: {
  reportId: string;
  period: string;
  documents: readonly ReportDocument[];
}) {
  const attach = useAttachReportDocuments();
  const input = useRef<HTMLInputElement>(null);

  const send = async (files: File[]) => {
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    const problem = checkChosenDocuments(files);
    if (problem) {
      toast({
        title: REPORT_DOCUMENT_MESSAGES.notAttachedTitle,
        description: problem,
        variant: 'destructive',
      });
      return;
    }
    try {
      const attached = await attach.mutateAsync({ reportId, files });
      toast({
        title: REPORT_DOCUMENT_MESSAGES.attachedTitle,
        description: documentsAnswerText(attached),
        // A file refused is named, and the toast is not a plain success.
        variant: attached.rejected.length > 0 ? 'default' : 'success',
      });
    } catch (error) {
      toastDocumentsNotAttached(
        error,
        (reason) => reason ?? 'The documents could not be sent. Please try again.',
      );
    }
  };

  return (
    <div className="space-y-2" data-testid="report-documents">
      {documents.length > 0 ? (
        <ul
          className="space-y-1 text-sm"
          aria-label={`${REPORT_DOCUMENT_MESSAGES.documentsHeading}, ${period}`}
        >
          {documents.map((document) => (
            <li key={document.id} className="min-w-0">
              <a
                href={document.url}
                download={document.name}
                className="break-all text-primary underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                {document.name}
              </a>{' '}
              <span className="whitespace-nowrap text-muted-foreground">
                ({formatFileSize(document.size)})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={REPORT_DOCUMENT_ACCEPT}
        aria-label={`${REPORT_DOCUMENT_MESSAGES.attach}, ${period}`}
        onChange={(event) => void send(Array.from(event.target.files ?? []))}
      />
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={attach.isPending}
        aria-label={`${REPORT_DOCUMENT_MESSAGES.attach}, ${period}`}
        onClick={() => input.current?.click()}
      >
        {attach.isPending ? REPORT_DOCUMENT_MESSAGES.attaching : REPORT_DOCUMENT_MESSAGES.attach}
      </Button>
    </div>
  );
}
