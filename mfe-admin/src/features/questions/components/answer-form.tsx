/** Answering one question: the text, whether to publish it to every member, 'Send answer'. */
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ANSWER_MAX_LENGTH,
  AnswerQuestionRequestSchema,
  type AnswerQuestionRequest,
} from '@platform/contracts';
import { AsyncForm, FormField, Label, SubmitButton, Textarea, submitWithToasts } from '@platform/ui';
import { Checkbox } from '@platform/ui/checkbox';
import type { z } from 'zod';
import { useAnswerQuestion } from '../api/admin-questions';
import { ADMIN_QUESTIONS_COPY } from '../lib/questions-copy';

export function AnswerForm({ questionId }: { questionId: string }) {
  const answer = useAnswerQuestion(questionId);
  const form = useForm<z.input<typeof AnswerQuestionRequestSchema>, unknown, AnswerQuestionRequest>({
    resolver: zodResolver(AnswerQuestionRequestSchema),
    defaultValues: { body: '', publish: false },
  });
  const fieldId = `answer-${questionId}`;
  const publishId = `publish-${questionId}`;
  const error = form.formState.errors.body?.message;

  const onSubmit = submitWithToasts(form, {
    fields: ['body'],
    send: (request) => answer.mutateAsync(request),
    failed: { title: ADMIN_QUESTIONS_COPY.failedTitle, description: ADMIN_QUESTIONS_COPY.failedText },
    sent: { title: ADMIN_QUESTIONS_COPY.sentTitle, description: ADMIN_QUESTIONS_COPY.sentText },
  });

  return (
    <AsyncForm onSubmit={onSubmit} className="space-y-3" aria-label="Answer the question">
      <FormField id={fieldId} label={ADMIN_QUESTIONS_COPY.answerLabel} error={error}>
        {(aria) => <Textarea {...aria} {...form.register('body')} rows={4} maxLength={ANSWER_MAX_LENGTH} />}
      </FormField>
      <div className="flex items-start gap-2">
        <Controller
          control={form.control}
          name="publish"
          render={({ field }) => (
            <Checkbox
              id={publishId}
              ref={field.ref}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              className="mt-0.5"
            />
          )}
        />
        <Label htmlFor={publishId} className="font-normal leading-snug">
          {ADMIN_QUESTIONS_COPY.publish}
        </Label>
      </div>
      <SubmitButton busy={answer.isPending} busyLabel={ADMIN_QUESTIONS_COPY.sending}>
        {ADMIN_QUESTIONS_COPY.submit}
      </SubmitButton>
    </AsyncForm>
  );
}
