/**
 * The contact form (docs/behaviour/consultation-and-contact.md#contact-page; docs/decisions.md, 22):
 * 'Sending...' for as long as the request runs, then 'Message Sent!' for 5 s and an empty form; a refusal
 * shows the server's words.
 */
import { useForm } from 'react-hook-form';
import type { DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_MESSAGES, CONTACT_SUBJECTS, ContactRequestSchema } from '@platform/contracts';
import type { ContactRequest, ContactRequestParsed, ContactSubject } from '@platform/contracts';
import { Button, FormField, Input, Textarea, TitledFormCard, cn, fieldAria, toast } from '@platform/ui';
import { LoaderCircleIcon, SendIcon } from 'lucide-react';
import { useSendContactMessage } from '../api/send-contact-message';
import { SUBJECT_LABELS } from '../lib/contact-copy';
import { describeContactFailure } from '../lib/contact-failure';
import { showFormFailure } from '../../../lib/form-failure';

/** The toast stays 5 s. */
const SENT_TOAST_MS = 5000;

type ContactFormValues = ContactRequest;

const EMPTY: DefaultValues<ContactFormValues> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  restaurantName: '',
  // 'Choose a topic' (value ''): not a topic, so the schema refuses it until one is chosen; set as a
  // value (not left out) so that a reset after sending selects it again.
  subject: '' as ContactSubject,
  message: '',
};

const id = (name: keyof ContactFormValues) => `contact-${name}`;

export function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<ContactFormValues, unknown, ContactRequestParsed>({
    resolver: zodResolver(ContactRequestSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    let outcome;
    try {
      outcome = await send.mutateAsync(values);
    } catch (error) {
      console.error('Contact message failed:', error);
      showFormFailure(form.setError, describeContactFailure(null));
      return;
    }
    if (!outcome.ok) {
      showFormFailure(form.setError, describeContactFailure(outcome));
      return;
    }
    form.reset(EMPTY);
    toast({
      title: CONTACT_MESSAGES.sentTitle,
      description: CONTACT_MESSAGES.sentDescription,
      variant: 'success',
      duration: SENT_TOAST_MS,
    });
  });

  const input = (
    name: Exclude<keyof ContactFormValues, 'subject' | 'message'>,
    label: string,
    options: { autoComplete: string; type?: 'email' | 'tel' | 'text'; inputMode?: 'email' | 'tel' | 'text' },
  ) => {
    const error = errors[name]?.message;
    return (
      <FormField id={id(name)} label={label} error={error}>
        <Input
          {...fieldAria(id(name), error)}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          autoComplete={options.autoComplete}
          {...form.register(name)}
        />
      </FormField>
    );
  };

  const subjectError = errors.subject?.message;
  const messageError = errors.message?.message;

  return (
    <TitledFormCard
      title="Send us a message"
      description="Fields marked * are required."
      formLabel="Contact form"
      onSubmit={onSubmit}
      formClassName="grid gap-5 sm:grid-cols-2"
    >
      {input('firstName', 'First name *', { autoComplete: 'given-name' })}
      {input('lastName', 'Last name *', { autoComplete: 'family-name' })}
      <div className="sm:col-span-2">
        {input('email', 'Email address *', { autoComplete: 'email', type: 'email', inputMode: 'email' })}
      </div>
      {input('phone', 'Phone (optional)', { autoComplete: 'tel', type: 'tel', inputMode: 'tel' })}
      {input('restaurantName', 'Restaurant name (optional)', { autoComplete: 'organization' })}
      <FormField id={id('subject')} label="Subject *" error={subjectError} className="sm:col-span-2">
        <select
          {...fieldAria(id('subject'), subjectError)}
          className={cn(
            'flex h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs md:text-sm',
            'outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
            'aria-invalid:border-destructive',
          )}
          {...form.register('subject')}
        >
          <option value="">Choose a topic</option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {SUBJECT_LABELS[subject]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={id('message')} label="Message *" error={messageError} className="sm:col-span-2">
        <Textarea
          {...fieldAria(id('message'), messageError)}
          rows={6}
          placeholder="How can we help?"
          {...form.register('message')}
        />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
          {send.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          {send.isPending ? CONTACT_MESSAGES.sending : 'Send Message'}
        </Button>
      </div>
    </TitledFormCard>
  );
}
