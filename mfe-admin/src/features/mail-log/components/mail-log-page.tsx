/**
 * `/admin/mail` (docs/behaviour/admin.md#mail-log): the newest e-mails first with recipient, subject,
 * status and time; each body opens as plain text with its set-password links clickable. Admin only, through
 * the shared admin access handling.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MAIL_LIST_DEFAULT_LIMIT } from '@platform/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  SITE_NAME,
  Skeleton,
  useDocumentTitle,
} from '@platform/ui';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { useMailLog } from '../api/get-mail-log';
import { MAIL_LOG_COPY, canShowMore, nextMailLimit, sortMailNewestFirst } from '../lib/mail-log';
import { MailLogList } from './mail-log-list';

function LoadingList() {
  return (
    <div className="space-y-2" aria-busy="true">
      <p role="status" className="sr-only">
        {MAIL_LOG_COPY.loading}
      </p>
      {[0, 1, 2, 3, 4].map((key) => (
        <Skeleton key={key} className="h-14 w-full" />
      ))}
    </div>
  );
}

export function MailLogPage() {
  useDocumentTitle(`${MAIL_LOG_COPY.title} | Admin | ${SITE_NAME}`);
  const [limit, setLimit] = useState(MAIL_LIST_DEFAULT_LIMIT);
  const mail = useMailLog(limit);
  useAdminReads(mail.error);
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());

  const toggle = (id: string) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  let body;
  if (mail.isError && !mail.data) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>{MAIL_LOG_COPY.failed}</AlertTitle>
        <AlertDescription>
          <p>Please try again in a moment.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void mail.refetch()}>
            {MAIL_LOG_COPY.retry}
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (!mail.data) {
    body = <LoadingList />;
  } else if (mail.data.messages.length === 0) {
    body = (
      <Card className="p-8 text-center" data-testid="mail-empty">
        <h2 className="text-lg font-semibold">{MAIL_LOG_COPY.empty}</h2>
        <p className="mt-2 text-sm text-muted-foreground">{MAIL_LOG_COPY.emptyHint}</p>
      </Card>
    );
  } else {
    const messages = sortMailNewestFirst(mail.data.messages);
    body = (
      <div className="space-y-4">
        <MailLogList messages={messages} openIds={openIds} onToggle={toggle} />
        {mail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {MAIL_LOG_COPY.failed}
          </p>
        ) : null}
        {canShowMore(messages.length, limit) ? (
          <Button
            type="button"
            variant="outline"
            disabled={mail.isPlaceholderData}
            onClick={() => setLimit(nextMailLimit(limit))}
          >
            {mail.isPlaceholderData ? 'Loading…' : MAIL_LOG_COPY.showMore}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-12">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/admin" className="text-primary underline-offset-4 hover:underline">
          Admin
        </Link>
        <span aria-hidden="true" className="px-2 text-muted-foreground">
          /
        </span>
        <span aria-current="page">{MAIL_LOG_COPY.title}</span>
      </nav>
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">{MAIL_LOG_COPY.title}</h1>
        <p className="mt-2 max-w-3xl text-muted-foreground">{MAIL_LOG_COPY.description}</p>
      </header>
      {body}
    </div>
  );
}
