/**
 * A dialog's form asking for one reason (disputing a share, leaving the programme): the textarea with its
 * count, the contract's messages under the field, then the server's; success is a toast and `onDone`.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError, AsyncForm, FormField, Textarea, showFieldIssues, toast } from '@platform/ui';
import { DialogActions } from '@platform/ui/dialog';

type ReasonRequest = { reason: string };

export interface ReasonFormProps {
  id: string;
  schema: z.ZodType<ReasonRequest, ReasonRequest>;
  label: string;
  /** Before the count: 'For example a refund left out.' */
  hint?: string;
  max: number;
  submitLabel: string;
  busyLabel: string;
  submit: (request: ReasonRequest) => Promise<{ message: string }>;
  successTitle: string;
  /** The toast's text when the server gave no words. */
  failed: string;
  onDone: () => void;
}

export function ReasonForm(props: ReasonFormProps) {
  const form = useForm<ReasonRequest, unknown, ReasonRequest>({
    resolver: zodResolver(props.schema),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason?.message;
  const length = form.watch('reason').length;

  const onSubmit = form.handleSubmit(async (request) => {
    try {
      const answer = await props.submit(request);
      toast({ title: props.successTitle, description: answer.message, variant: 'success' });
      props.onDone();
    } catch (failure) {
      console.error('Sending the reason failed:', failure);
      if (
        showFieldIssues(failure, ['reason'] as const, (field, message) => form.setError(field, { message }))
      ) {
        return;
      }
      const serverMessage = failure instanceof ApiError ? failure.serverMessage : undefined;
      toast({ title: 'Error', description: serverMessage ?? props.failed, variant: 'destructive' });
    }
  });

  return (
    <AsyncForm onSubmit={onSubmit} className="grid gap-4">
      <FormField
        id={props.id}
        label={props.label}
        error={error}
        hint={`${props.hint ? `${props.hint} ` : ''}${length}/${props.max} characters.`}
      >
        {(aria) => <Textarea {...aria} rows={4} {...form.register('reason')} />}
      </FormField>
      <DialogActions
        busy={form.formState.isSubmitting}
        label={props.submitLabel}
        busyLabel={props.busyLabel}
      />
    </AsyncForm>
  );
}
