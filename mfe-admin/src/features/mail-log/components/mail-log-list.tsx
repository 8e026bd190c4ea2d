/**
 * The messages: a table from `md` up, a list of cards on a phone. Each row or card has a 'Show text' button
 * (a disclosure) that opens the message's body below it.
 */
import type { MailMessage } from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import { Button, Card, cn } from '@platform/ui';
import { MAIL_LOG_COPY } from '../lib/mail-log';
import { MailBody } from './mail-body';
import { MailStatusBadge } from './mail-status-badge';

/** The table's columns, left to right; the last one's heading is for screen readers only. */
const COLUMNS: readonly { label: string; width?: string; hidden?: boolean }[] = [
  { label: 'Recipient', width: 'w-[26%]' },
  { label: 'Subject' },
  { label: 'Status', width: 'w-28' },
  { label: 'Time', width: 'w-48' },
  { label: 'Text', width: 'w-32', hidden: true },
];

type Props = {
  messages: MailMessage[];
  openIds: ReadonlySet<string>;
  onToggle: (id: string) => void;
};

function ToggleButton({
  message,
  open,
  controls,
  onToggle,
}: {
  message: MailMessage;
  open: boolean;
  controls: string;
  onToggle: (id: string) => void;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={`${open ? MAIL_LOG_COPY.hideText : MAIL_LOG_COPY.showText}: ${message.subject} to ${message.to}`}
      onClick={() => onToggle(message.id)}
    >
      {open ? MAIL_LOG_COPY.hideText : MAIL_LOG_COPY.showText}
    </Button>
  );
}

export function MailLogList({ messages, openIds, onToggle }: Props) {
  return (
    <>
      <Card className="hidden overflow-hidden md:block">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">E-mails, newest first</caption>
          <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column.label} scope="col" className={cn(column.width, 'px-4 py-3 font-semibold')}>
                  {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => {
              const open = openIds.has(message.id);
              const bodyId = `mail-body-table-${message.id}`;
              return [
                <tr
                  key={message.id}
                  className="border-b border-border align-top last:border-b-0"
                  data-testid="mail-row"
                >
                  <td className="break-words px-4 py-3">{message.to}</td>
                  <td className="break-words px-4 py-3 font-medium">{message.subject}</td>
                  <td className="px-4 py-3">
                    <MailStatusBadge status={message.status} />
                  </td>
                  <td className="px-4 py-3 text-muted-foreground">
                    <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                  </td>
                  <td className="px-4 py-2 text-right">
                    <ToggleButton message={message} open={open} controls={bodyId} onToggle={onToggle} />
                  </td>
                </tr>,
                open ? (
                  <tr key={`${message.id}-body`} className="border-b border-border bg-muted/20">
                    <td colSpan={5} className="px-4 py-4">
                      <MailBody message={message} id={bodyId} />
                    </td>
                  </tr>
                ) : null,
              ];
            })}
          </tbody>
        </table>
      </Card>

      <ol className="space-y-3 md:hidden" aria-label="E-mails, newest first">
        {messages.map((message) => {
          const open = openIds.has(message.id);
          const bodyId = `mail-body-card-${message.id}`;
          return (
            <li key={message.id}>
              <Card className="space-y-3 p-4" data-testid="mail-card">
                <div className="flex items-start justify-between gap-3">
                  <h2 className="break-words text-base font-semibold leading-snug">{message.subject}</h2>
                  <MailStatusBadge status={message.status} />
                </div>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">To</dt>
                  <dd className="break-words">{message.to}</dd>
                  <dt className="text-muted-foreground">Time</dt>
                  <dd>
                    <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                  </dd>
                </dl>
                <ToggleButton message={message} open={open} controls={bodyId} onToggle={onToggle} />
                {open ? <MailBody message={message} id={bodyId} /> : null}
              </Card>
            </li>
          );
        })}
      </ol>
    </>
  );
}
