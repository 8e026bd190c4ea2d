/**
 * @platform/ui/consultation-thread: a consultation's conversation
 * (docs/behaviour/consultation-and-contact.md#the-consultation-thread): every message, oldest first, with
 * who wrote it and when, and a form for the next one. The owner's card in /my-consultations and the
 * admin's submission panel show the same thread over their own paths. Texts are shown as plain text. Its
 * own entry, so the form and the contracts' schemas load only with those pages.
 */
import { useForm, type Resolver } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONSULTATION_MESSAGE_MAX_LENGTH,
  type ConsultationMessage,
  type PostConsultationMessageRequest,
} from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import { getServerMessage, showFieldIssues } from '../api/api-error';
import { parsedQueryFn, requestParsed } from '../api/parse-answer';
import { Button } from '../components/button';
import { FormField, fieldAria } from '../components/form-field';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { Skeleton } from '../components/skeleton';
import { Textarea } from '../components/textarea';
import { cn } from '../lib/cn';
import { toast } from '../toast/toast-store';

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
    </li>
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
  const send = useMutation({
    mutationFn: (request: PostConsultationMessageRequest) =>
      requestParsed('POST', path, request, (contracts) => contracts.ConsultationMessageSchema),
    onSuccess: () => client.invalidateQueries({ queryKey }),
  });
  const form = useForm<PostConsultationMessageRequest>({
    resolver,
    defaultValues: { body: '' },
  });
  const fieldId = `thread-${submissionId}`;
  const headingId = `${fieldId}-title`;
  const error = form.formState.errors.body?.message;

  const onSubmit = form.handleSubmit(async (request) => {
    try {
      await send.mutateAsync(request);
    } catch (failure) {
      if (showFieldIssues(failure, ['body'], (field, message) => form.setError(field, { message }))) return;
      toast({
        title: THREAD_COPY.failedTitle,
        description: getServerMessage(failure) ?? THREAD_COPY.failedText,
        variant: 'destructive',
      });
      return;
    }
    form.reset({ body: '' });
    toast({
      title: THREAD_COPY.sentTitle,
      description: viewer === 'admin' ? THREAD_COPY.adminSent : THREAD_COPY.ownerSent,
      variant: 'success',
    });
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
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-2">
        <FormField id={fieldId} label={THREAD_COPY.label} error={error}>
          <Textarea
            {...fieldAria(fieldId, error)}
            {...form.register('body')}
            rows={3}
            maxLength={CONSULTATION_MESSAGE_MAX_LENGTH}
          />
        </FormField>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? THREAD_COPY.sending : THREAD_COPY.submit}
        </Button>
      </form>
    </section>
  );
}
