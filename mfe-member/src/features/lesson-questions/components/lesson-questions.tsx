/**
 * 'Questions' under a lesson (docs/behaviour/member-learning.md#lesson-questions): ask one, see your own
 * (waiting, or with the answer) and the answers published to everyone. Texts are shown as plain text.
 * A member's section only: an account previewing the free lessons is refused (403) and sees nothing here.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AskQuestionRequestSchema,
  QUESTION_MAX_LENGTH,
  type AskQuestionRequest,
  type LessonQuestion,
} from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import {
  AsyncForm,
  Badge,
  FormField,
  Skeleton,
  SubmitButton,
  Textarea,
  TitledCard,
  getApiErrorStatus,
  submitWithToasts,
} from '@platform/ui';
import { LoadError } from '../../courses/components/load-error';
import { useAskQuestion, useLessonQuestions } from '../api/lesson-questions';
import { QUESTIONS_COPY } from '../lib/questions-copy';

const FIELD_ID = 'lesson-question';

function QuestionItem({ question }: { question: LessonQuestion }) {
  return (
    <li className="space-y-3 rounded-md border p-4" data-testid="lesson-question">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Badge variant={question.isOwn ? 'secondary' : 'outline'}>
          {question.isOwn ? QUESTIONS_COPY.yours : QUESTIONS_COPY.everyone}
        </Badge>
        <span>{formatDateTime(question.askedAt)}</span>
      </div>
      <p className="whitespace-pre-wrap break-words">{question.body}</p>
      {question.answer === null ? (
        <p className="text-sm text-muted-foreground">{QUESTIONS_COPY.waiting}</p>
      ) : (
        <div className="rounded-md bg-muted p-3">
          <p className="text-sm font-semibold">{QUESTIONS_COPY.answer}</p>
          <p className="whitespace-pre-wrap break-words" data-testid="lesson-answer">
            {question.answer}
          </p>
        </div>
      )}
    </li>
  );
}

export function LessonQuestions({ lessonId }: { lessonId: string }) {
  const questions = useLessonQuestions(lessonId);
  const ask = useAskQuestion(lessonId);
  const form = useForm<AskQuestionRequest>({
    resolver: zodResolver(AskQuestionRequestSchema),
    defaultValues: { body: '' },
  });
  const error = form.formState.errors.body?.message;

  const onSubmit = submitWithToasts(form, {
    fields: ['body'],
    send: (request) => ask.mutateAsync(request),
    failed: { title: QUESTIONS_COPY.failedTitle, description: QUESTIONS_COPY.failedText },
    resetTo: { body: '' },
    sent: { title: QUESTIONS_COPY.sentTitle, description: QUESTIONS_COPY.sentText },
  });

  // Questions are for members: an account previewing the free lessons is refused them (403) and sees none.
  if (getApiErrorStatus(questions.error) === 403) return null;

  let list;
  if (questions.isPending) {
    list = (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else if (questions.isError) {
    list = <LoadError title={QUESTIONS_COPY.loadError} reads={[questions]} />;
  } else if (questions.data.length === 0) {
    list = <p className="text-sm text-muted-foreground">{QUESTIONS_COPY.empty}</p>;
  } else {
    list = (
      <ul className="space-y-3">
        {questions.data.map((question) => (
          <QuestionItem key={question.id} question={question} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="lesson-questions">
      <TitledCard
        titleId="lesson-questions"
        title={QUESTIONS_COPY.title}
        description={QUESTIONS_COPY.intro}
        contentClassName="space-y-6"
      >
        <AsyncForm onSubmit={onSubmit} className="space-y-3" aria-label="Ask a question">
          <FormField id={FIELD_ID} label={QUESTIONS_COPY.label} error={error}>
            {(aria) => (
              <Textarea {...aria} {...form.register('body')} rows={3} maxLength={QUESTION_MAX_LENGTH} />
            )}
          </FormField>
          <SubmitButton busy={ask.isPending} busyLabel={QUESTIONS_COPY.sending}>
            {QUESTIONS_COPY.submit}
          </SubmitButton>
        </AsyncForm>
        {list}
      </TitledCard>
    </section>
  );
}
