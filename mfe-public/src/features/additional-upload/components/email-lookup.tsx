/**
 * Finding the consultation by e-mail (docs/behaviour/consultation-and-contact.md#e-mail-lookup;
 * docs/decisions.md, 15, 68): the signed-in owner goes straight to the upload step, their consultations
 * listed (the newest chosen);
 * anyone else is told a link was e-mailed to the address, so nobody sees a stranger's submission.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ConsultationLookupFormSchema, LOOKUP_MESSAGES } from '@platform/contracts';
import { formatDate } from '@platform/contracts/format';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Input,
  Label,
  TitledFormCard,
  cn,
  getServerMessage,
  useAuth,
} from '@platform/ui';
import { LoaderCircleIcon, MailCheckIcon, SearchIcon, SearchXIcon } from 'lucide-react';
import type { z } from 'zod';
import { WaitingCard } from '../../../components/waiting-card';
import { useFindConsultations } from '../api/find-consultations';
import { ADDITIONAL_PAGE } from '../lib/additional-copy';
import { AdditionalFilesForm } from './additional-files-form';

type LookupForm = z.input<typeof ConsultationLookupFormSchema>;

function TryDifferentEmail({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="outline" className="mt-3" onClick={onClick}>
      {LOOKUP_MESSAGES.tryDifferentEmail}
    </Button>
  );
}

export function EmailLookup() {
  const { user } = useAuth();
  const [email, setEmail] = useState<string | null>(null);
  // Which of the owner's consultations gets the files (the newest until they pick another).
  const [chosenId, setChosenId] = useState<string | null>(null);
  const lookup = useFindConsultations(email);
  const form = useForm<LookupForm, unknown, z.output<typeof ConsultationLookupFormSchema>>({
    resolver: zodResolver(ConsultationLookupFormSchema),
    defaultValues: { email: user?.email ?? '' },
  });
  const error = form.formState.errors.email?.message;

  const tryAgain = () => {
    setEmail(null);
    setChosenId(null);
    // The field is back: put the cursor in it.
    setTimeout(() => form.setFocus('email'), 0);
  };

  if (email !== null) {
    if (lookup.isPending) {
      return <WaitingCard message="Looking for your consultation…" bodyClassName="h-4 w-3/4" />;
    }
    if (lookup.isError) {
      const serverMessage = getServerMessage(lookup.error);
      return (
        <Alert variant="destructive">
          <SearchXIcon aria-hidden="true" />
          <AlertTitle className="line-clamp-none">{LOOKUP_MESSAGES.notFoundTitle}</AlertTitle>
          <AlertDescription>
            <p>{LOOKUP_MESSAGES.notFoundDescription}</p>
            {serverMessage ? <p className="mt-1">{serverMessage}</p> : null}
            <TryDifferentEmail onClick={tryAgain} />
          </AlertDescription>
        </Alert>
      );
    }
    if (lookup.data.linkEmailed) {
      return (
        <Alert role="status">
          <MailCheckIcon aria-hidden="true" />
          <AlertTitle className="line-clamp-none">{ADDITIONAL_PAGE.linkEmailedTitle}</AlertTitle>
          <AlertDescription>
            <p>{ADDITIONAL_PAGE.linkEmailed(email)}</p>
            <TryDifferentEmail onClick={tryAgain} />
          </AlertDescription>
        </Alert>
      );
    }
    const consultations = lookup.data.consultations;
    const consultation = consultations.find((item) => item.id === chosenId) ?? consultations[0];
    if (!consultation) {
      return (
        <Alert>
          <SearchXIcon aria-hidden="true" />
          <AlertTitle className="line-clamp-none">{LOOKUP_MESSAGES.emptyTitle}</AlertTitle>
          <AlertDescription>
            <p>{LOOKUP_MESSAGES.notFoundDescription}</p>
            <TryDifferentEmail onClick={tryAgain} />
          </AlertDescription>
        </Alert>
      );
    }
    return (
      <div className="space-y-4">
        <p className="text-sm text-muted-foreground">
          {ADDITIONAL_PAGE.yourConsultations(consultations.length)}{' '}
          <button type="button" className="text-primary underline underline-offset-4" onClick={tryAgain}>
            {LOOKUP_MESSAGES.tryDifferentEmail}
          </button>
        </p>
        <ul className="grid gap-2 sm:grid-cols-2" aria-label={ADDITIONAL_PAGE.yourConsultationsLabel}>
          {consultations.map((item) => {
            const isChosen = item.id === consultation.id;
            return (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={isChosen}
                  onClick={() => setChosenId(item.id)}
                  className={cn(
                    'flex h-full w-full flex-col items-start gap-1 rounded-lg border p-3 text-left text-sm',
                    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
                    isChosen ? 'border-primary bg-primary/5' : 'border-border hover:bg-muted',
                  )}
                  data-testid="own-consultation"
                >
                  <span className="font-medium break-words">{item.businessName}</span>
                  <span className="text-xs text-muted-foreground">
                    {ADDITIONAL_PAGE.consultationFacts(
                      formatDate(item.submittedAt, { locale: 'en-US' }),
                      item.imageCount,
                      item.videoCount,
                      item.documentCount,
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <AdditionalFilesForm
          key={consultation.id}
          target={{
            submissionId: consultation.id,
            uploadToken: null,
            businessName: consultation.businessName,
            // The server listed it as the caller's own: My Consultations shows it too.
            inMyConsultations: true,
          }}
        />
      </div>
    );
  }

  const onSubmit = form.handleSubmit(({ email: address }) => setEmail(address));

  return (
    <TitledFormCard
      title="Find your consultation"
      description="Signed in with that address, you go straight to the upload. Otherwise we e-mail you a secure link."
      formLabel="Find your consultation"
      onSubmit={onSubmit}
      formClassName="space-y-4"
    >
      <div className="space-y-2">
        <Label htmlFor="lookup-email">Email address</Label>
        <Input
          id="lookup-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@restaurant.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'lookup-email-error' : undefined}
          {...form.register('email')}
        />
        {error ? (
          <p id="lookup-email-error" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="w-full sm:w-auto" disabled={lookup.isFetching}>
        {lookup.isFetching ? (
          <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
        ) : (
          <SearchIcon aria-hidden="true" />
        )}
        Find My Consultation
      </Button>
    </TitledFormCard>
  );
}
