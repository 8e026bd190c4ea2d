/**
 * @platform/ui/consultation-thread: a consultation's conversation
 * (docs/behaviour/consultation-and-contact.md#the-consultation-thread): every message, oldest first, with
 * who wrote it and when, and a form for the next one. The owner's card in /my-consultations and the
 * admin's submission panel show the same thread over their own paths. Texts are shown as plain text. Its
 * own entry, so the form and the contracts' schemas load only with those pages. The admin may attach
 * images and PDFs to an answer (docs/decisions.md, 107); both sides see them under the message, each a
 * download link with its name and size.
 */
import { useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONSULTATION_MESSAGE_FILE_ACCEPT,
  CONSULTATION_MESSAGE_FILE_MAX_BYTES,
  CONSULTATION_MESSAGE_FILE_MESSAGES,
  CONSULTATION_MESSAGE_MAX_FILES,
  CONSULTATION_MESSAGE_MAX_LENGTH,
  formatBytes,
  type ConsultationMessage,
  type ConsultationMessageFile,
  type PostConsultationMessageRequest,
} from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import { ApiError } from '../api/api-error';
import { parseAnswer, parsedQueryFn, requestParsed } from '../api/parse-answer';
import { sendWithProgress } from '../api/send-with-progress';
import { submitWithToasts } from '../api/submit-with-toasts';
import { Button, SubmitButton } from '../components/button';
import { FormField } from '../components/form-field';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { Skeleton } from '../components/skeleton';
import { Textarea } from '../components/textarea';
import { useRequestIdFor } from '../hooks/use-request-id-for';
import { cn } from '../lib/cn';
import { toast } from '../toast/toast-store';
import { AsyncForm } from '../components/async-form';

export const THREAD_COPY = {
  title: 'Conversation',
  empty: 'No messages yet.',
  loadError: 'Failed to load the conversation.',
  label: 'Your message',
  submit: 'Send Message',
  sending: 'Sending...',
  you: 'You',
  sentTitle: 'Message Sent',
  ownerSent: 'We e-mailed your message to our consultant.',
  adminSent: 'The client was e-mailed your message.',
  failedTitle: 'Message Not Sent',
  failedText: 'Your message could not be sent. Please try again.',
  attach: 'Attach files',
  attachHint: `Images or PDF, up to ${CONSULTATION_MESSAGE_MAX_FILES} files of at most ${formatBytes(CONSULTATION_MESSAGE_FILE_MAX_BYTES)} each.`,
  chosen: 'Files to send',
  remove: (name: string) => `Remove ${name}`,
  files: 'Attached files',
  download: (name: string) => `Download ${name}`,
} as const;

export type ThreadViewer = 'owner' | 'admin';

/** Where each side reads and writes the thread of a submission, as a query key (the URL split at `/`). */
export function threadKey(viewer: ThreadViewer, submissionId: string) {
  const prefix = viewer === 'admin' ? '/api/admin/consultations' : '/api/consultations';
  return [prefix, submissionId, 'messages'] as const;
}

function MessageItem({ message, viewer }: { message: ConsultationMessage; viewer: ThreadViewer }) {
  const mine = message.author === viewer;
  return (
    <li
      className={cn('space-y-1 rounded-md border p-3', mine ? 'bg-muted' : 'bg-background')}
      data-testid="thread-message"
    >
      <p className="flex flex-wrap gap-x-2 text-sm">
        <span className="font-semibold">{mine ? THREAD_COPY.you : message.authorName}</span>
        <time className="text-muted-foreground" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
      </p>
      <p className="text-sm whitespace-pre-wrap break-words">{message.body}</p>
      {message.files.length > 0 ? <MessageFiles files={message.files} /> : null}
    </li>
  );
}

/** A message's files: each downloads through its authorised path (the session's cookie goes with it). */
function MessageFiles({ files }: { files: readonly ConsultationMessageFile[] }) {
  return (
    <ul className="space-y-1 pt-1 text-sm" aria-label={THREAD_COPY.files} data-testid="thread-message-files">
      {files.map((file) => (
        <li key={file.id} className="min-w-0">
          <a
            href={file.path}
            download={file.name}
            aria-label={THREAD_COPY.download(file.name)}
            className="break-all text-primary underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {file.name}
          </a>{' '}
          <span className="whitespace-nowrap text-muted-foreground">({formatBytes(file.size)})</span>
        </li>
      ))}
    </ul>
  );
}

/** What is wrong with the chosen files, found before sending (the server checks again, by content). */
class ChosenFilesProblem extends Error {}

function checkChosen(files: readonly File[]): void {
  if (files.length > CONSULTATION_MESSAGE_MAX_FILES) {
    throw new ChosenFilesProblem(CONSULTATION_MESSAGE_FILE_MESSAGES.tooMany);
  }
  const large = files.find((file) => file.size > CONSULTATION_MESSAGE_FILE_MAX_BYTES);
  if (large) throw new ChosenFilesProblem(`${large.name}: ${CONSULTATION_MESSAGE_FILE_MESSAGES.tooLarge}`);
}

/** The admin's answer with files, as multipart/form-data: the body and its id first, then each file. */
function sendWithFiles(
  path: string,
  request: PostConsultationMessageRequest,
  files: readonly File[],
): Promise<ConsultationMessage> {
  const form = new FormData();
  form.append('body', request.body);
  if (request.messageId) form.append('messageId', request.messageId);
  for (const file of files) form.append('files', file, file.name);
  return parseAnswer(
    sendWithProgress({ url: path, body: form }).then((answer) => answer.body),
    (contracts) => contracts.ConsultationMessageSchema,
  );
}

/** A refusal naming files ("plan.pdf: Each file must be at most 10 MB"), as one toast. */
function refusedFiles(failure: unknown): boolean {
  let description: string | null = failure instanceof ChosenFilesProblem ? failure.message : null;
  if (failure instanceof ApiError) {
    const named = failure.issues.filter((issue) => issue.path !== 'body');
    if (named.length > 0) description = named.map((issue) => `${issue.path}: ${issue.message}`).join(' ');
  }
  if (!description) return false;
  toast({ title: THREAD_COPY.failedTitle, description, variant: 'destructive' });
  return true;
}

function ChosenFiles({ files, onRemove }: { files: readonly File[]; onRemove: (index: number) => void }) {
  return (
    <ul className="space-y-1 text-sm" aria-label={THREAD_COPY.chosen} data-testid="thread-chosen-files">
      {files.map((file, index) => (
        <li key={`${file.name}-${index}`} className="flex min-w-0 items-center gap-2">
          <span className="min-w-0 break-all">{file.name}</span>
          <span className="whitespace-nowrap text-muted-foreground">({formatBytes(file.size)})</span>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={THREAD_COPY.remove(file.name)}
            onClick={() => onRemove(index)}
          >
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function ConsultationThread({
  submissionId,
  viewer,
  resolver,
}: {
  submissionId: string;
  viewer: ThreadViewer;
  /** `zodResolver(PostConsultationMessageRequestSchema)`, from the remote (it has the resolvers). */
  resolver: Resolver<PostConsultationMessageRequest>;
}) {
  const queryKey = threadKey(viewer, submissionId);
  const path = queryKey.join('/');
  const client = useQueryClient();
  const thread = useQuery({
    queryKey,
    queryFn: parsedQueryFn((contracts) => contracts.ConsultationThreadSchema),
  });
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  // One id for what is being sent, kept while the text and the files stay the same: sent again after a
  // lost answer, it is the same message (posted once); changed, it is a new one.
  const requestIdFor = useRequestIdFor();
  const messageIdFor = (body: string) =>
    requestIdFor(
      [body, ...files.map((file) => `${file.name}:${file.size}:${file.lastModified}`)].join('\u0000'),
    );
  const send = useMutation({
    mutationFn: (request: PostConsultationMessageRequest) =>
      files.length > 0
        ? sendWithFiles(path, request, files)
        : requestParsed('POST', path, request, (contracts) => contracts.ConsultationMessageSchema),
    onSuccess: () => {
      requestIdFor.forget();
      return client.invalidateQueries({ queryKey });
    },
  });
  const form = useForm<PostConsultationMessageRequest>({
    resolver,
    defaultValues: { body: '' },
  });
  const fieldId = `thread-${submissionId}`;
  const headingId = `${fieldId}-title`;
  const error = form.formState.errors.body?.message;

  const onSubmit = submitWithToasts(form, {
    fields: ['body'],
    send: async (request) => {
      checkChosen(files);
      await send.mutateAsync({ ...request, messageId: messageIdFor(request.body) });
    },
    refused: refusedFiles,
    failed: { title: THREAD_COPY.failedTitle, description: THREAD_COPY.failedText },
    resetTo: { body: '' },
    onSent: () => setFiles([]),
    sent: {
      title: THREAD_COPY.sentTitle,
      description: viewer === 'admin' ? THREAD_COPY.adminSent : THREAD_COPY.ownerSent,
    },
  });

  let list;
  if (thread.isPending) {
    list = <Skeleton className="h-16 w-full" aria-busy="true" />;
  } else if (thread.isError) {
    list = <LoadFailedAlert title={THREAD_COPY.loadError} onRetry={() => void thread.refetch()} />;
  } else if (thread.data.length === 0) {
    list = <p className="text-sm text-muted-foreground">{THREAD_COPY.empty}</p>;
  } else {
    list = (
      <ol className="space-y-2" aria-label={THREAD_COPY.title}>
        {thread.data.map((message) => (
          <MessageItem key={message.id} message={message} viewer={viewer} />
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="consultation-thread">
      <h3 id={headingId} className="font-semibold">
        {THREAD_COPY.title}
      </h3>
      {list}
      <AsyncForm onSubmit={onSubmit} className="space-y-2">
        <FormField id={fieldId} label={THREAD_COPY.label} error={error}>
          {(aria) => (
            <Textarea
              {...aria}
              {...form.register('body')}
              rows={3}
              maxLength={CONSULTATION_MESSAGE_MAX_LENGTH}
            />
          )}
        </FormField>
        {viewer === 'admin' ? (
          <div className="space-y-2">
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              accept={CONSULTATION_MESSAGE_FILE_ACCEPT}
              aria-label={THREAD_COPY.attach}
              data-testid="thread-file-input"
              onChange={(event) => {
                const chosen = Array.from(event.target.files ?? []);
                event.target.value = '';
                setFiles((current) => [...current, ...chosen]);
              }}
            />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Button type="button" size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
                {THREAD_COPY.attach}
              </Button>
              <span className="text-xs text-muted-foreground">{THREAD_COPY.attachHint}</span>
            </div>
            {files.length > 0 ? (
              <ChosenFiles
                files={files}
                onRemove={(index) => setFiles((current) => current.filter((_, at) => at !== index))}
              />
            ) : null}
          </div>
        ) : null}
        <SubmitButton busy={send.isPending} busyLabel={THREAD_COPY.sending}>
          {THREAD_COPY.submit}
        </SubmitButton>
      </AsyncForm>
    </section>
  );
}
