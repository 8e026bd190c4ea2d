/**
 * `/admin/mail` (docs/behaviour/admin.md#mail-log): the newest e-mails first with recipient, subject,
 * status and time; each body opens as plain text with its set-password links clickable. Admin only, through
 * the shared admin access handling.
 */
import { useState } from 'react';
import { MAIL_LIST_DEFAULT_LIMIT } from '@platform/contracts';
import { Button } from '@platform/ui';
import { AdminPageFrame } from '../../admin-access/components/admin-page-frame';
import { AdminReadBody } from '../../admin-access/components/first-read-state';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { useMailLog } from '../api/get-mail-log';
import { MAIL_LOG_COPY, canShowMore, nextMailLimit, sortMailNewestFirst } from '../lib/mail-log';
import { MailLogList } from './mail-log-list';

export function MailLogPage() {
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

  return (
    <AdminPageFrame
      title={MAIL_LOG_COPY.title}
      description={MAIL_LOG_COPY.description}
      narrowDescription
      width="6xl"
    >
      <AdminReadBody
        read={mail}
        copy={MAIL_LOG_COPY}
        rows={5}
        rowHeight="h-14"
        isEmpty={(log) => log.messages.length === 0}
        empty={{ testId: 'mail-empty', title: MAIL_LOG_COPY.empty, hint: MAIL_LOG_COPY.emptyHint }}
      >
        {(log) => {
          const messages = sortMailNewestFirst(log.messages);
          return (
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
        }}
      </AdminReadBody>
    </AdminPageFrame>
  );
}
