/** A message's plain-text body: React text nodes only, with its set-password links as real links. */
import type { MailMessage } from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import { splitMailText } from '../lib/mail-log';

export function MailBody({ message, id }: { message: MailMessage; id: string }) {
  return (
    <div id={id} className="space-y-3" data-testid="mail-body">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">E-mail</dt>
        <dd className="break-words">{message.template}</dd>
        <dt className="text-muted-foreground">Attempts</dt>
        <dd>{message.attempts}</dd>
        {message.sentAt ? (
          <>
            <dt className="text-muted-foreground">{message.status === 'logged' ? 'Logged' : 'Sent'}</dt>
            <dd>
              <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
            </dd>
          </>
        ) : null}
        {message.lastError ? (
          <>
            <dt className="text-muted-foreground">Last error</dt>
            <dd className="break-words text-destructive">{message.lastError}</dd>
          </>
        ) : null}
      </dl>
      <pre className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-words rounded-md border border-border bg-muted/40 p-3 font-sans text-sm leading-relaxed">
        {splitMailText(message.text).map((part, index) =>
          part.kind === 'link' ? (
            <a
              key={index}
              href={part.href}
              target="_blank"
              rel="noreferrer noopener"
              className="break-all font-medium text-primary underline underline-offset-2 outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
            >
              {part.text}
            </a>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </pre>
    </div>
  );
}
