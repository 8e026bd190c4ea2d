/**
 * The download card for a document lesson (pdf, doc, docx): 'Document Resource'
 * (docs/behaviour/member-learning.md#lesson-player).
 */
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, cn } from '@platform/ui';

export function DocumentResourceCard({
  href,
  fileName,
  className,
}: {
  href: string;
  fileName: string;
  className?: string;
}) {
  const extension = fileName.split('.').pop()?.toUpperCase() ?? 'FILE';
  return (
    <Card className={cn('border-dashed', className)} data-testid="document-resource">
      <CardHeader className="flex-row items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-xs font-bold text-primary"
        >
          {extension}
        </span>
        <div className="min-w-0 space-y-1">
          <CardTitle className="text-base">Document Resource</CardTitle>
          <CardDescription className="break-all">{fileName}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <a href={href} download={fileName}>
            Download {extension}
            <span className="sr-only">: {fileName}</span>
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
