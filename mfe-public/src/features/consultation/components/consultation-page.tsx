/**
 * `/consultation` (docs/behaviour/consultation-and-contact.md#consultation-form): step 1 saves the
 * business information and returns the submission; step 2 uploads photos, the walkthrough video and the
 * menu. A reload of the tab returns to the same step with nothing lost (sessionStorage); reopening the page
 * on the same device offers to continue a request it did not complete (localStorage); the e-mailed
 * 'Continue Later' link `?token=` opens step 2 on any device.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CONTINUE_LATER_MESSAGES } from '@platform/contracts';
import { SITE_NAME, Skeleton, cn, toast, useAuth, useDocumentTitle } from '@platform/ui';
import { ClockIcon, ShieldCheckIcon } from 'lucide-react';
import { CONSULTATION_PAGE_COPY, RESUME_COPY } from '../lib/consultation-copy';
import {
  clearConsultation,
  getInitialBusinessInfo,
  readDraft,
  readSubmission,
  saveSubmission,
} from '../lib/draft-storage';
import type { SavedSubmission } from '../lib/draft-storage';
import { forgetSubmission, readRememberedSubmission, rememberSubmission } from '../lib/resume-storage';
import { BusinessInfoForm } from './business-info-form';
import { ContinueLink } from './continue-link';
import { ResumeOffer } from './resume-offer';
import { UploadStep } from './upload-step';

function StepIndicator({ step }: { step: 1 | 2 }) {
  const steps = [CONSULTATION_PAGE_COPY.stepOne, CONSULTATION_PAGE_COPY.stepTwo];
  return (
    <ol className="grid grid-cols-2 gap-3" aria-label="Consultation steps">
      {steps.map((label, index) => {
        const number = index + 1;
        const isCurrent = number === step;
        const isDone = number < step;
        return (
          <li
            key={label}
            aria-current={isCurrent ? 'step' : undefined}
            className={cn(
              'flex items-center gap-3 rounded-lg border p-3 text-sm',
              isCurrent ? 'border-primary bg-primary/5' : 'border-border',
            )}
          >
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                isCurrent || isDone ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
              )}
              aria-hidden="true"
            >
              {number}
            </span>
            <span className="min-w-0">
              <span className="block text-xs text-muted-foreground">
                Step {number} of 2{isDone ? ' · done' : ''}
              </span>
              <span className="block font-medium">{label}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function ConsultationPage() {
  useDocumentTitle(`${CONSULTATION_PAGE_COPY.title} | ${SITE_NAME}`);
  const { user, isLoading } = useAuth();
  const [search, setSearch] = useSearchParams();
  const token = search.get('token');
  const [submission, setSubmission] = useState<SavedSubmission | null>(() => readSubmission());
  // This tab has none: the request this device started before, if any, is offered instead of step 1.
  const [remembered, setRemembered] = useState(() => (readSubmission() ? null : readRememberedSubmission()));
  const topRef = useRef<HTMLDivElement>(null);
  const step = submission || remembered ? 2 : 1;

  const continueWith = useCallback((opened: SavedSubmission) => {
    saveSubmission(opened);
    rememberSubmission(opened);
    setRemembered(null);
    setSubmission(opened);
  }, []);
  const openFromLink = useCallback(
    (opened: SavedSubmission) => {
      continueWith(opened);
      // The link has done its work; this tab's storage keeps step 2 across a reload.
      setSearch({}, { replace: true });
    },
    [continueWith, setSearch],
  );
  const startNew = useCallback(() => {
    forgetSubmission();
    setRemembered(null);
  }, []);
  // This tab's request was completed on another device (or is gone): start afresh, saying why.
  const closeRequest = useCallback((state: 'completed' | 'gone') => {
    clearConsultation();
    forgetSubmission();
    setSubmission(null);
    if (state === 'completed')
      toast({
        title: RESUME_COPY.alreadyCompletedTitle,
        description: CONTINUE_LATER_MESSAGES.alreadyCompleted,
      });
  }, []);

  // A new step starts at its top (the phone has scrolled down to the button).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    topRef.current?.scrollIntoView({ block: 'start' });
  }, [step]);

  return (
    <div ref={topRef} className="mx-auto w-full max-w-3xl scroll-mt-20 px-4 py-8 sm:py-12">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{CONSULTATION_PAGE_COPY.title}</h1>
        <p className="mt-2 text-muted-foreground">{CONSULTATION_PAGE_COPY.description}</p>
        <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
          <li className="flex items-center gap-2">
            <ClockIcon className="size-4 text-primary" aria-hidden="true" />
            Reviewed within 24-48 hours
          </li>
          <li className="flex items-center gap-2">
            <ShieldCheckIcon className="size-4 text-success" aria-hidden="true" />
            Your files are seen only by you and our consultant
          </li>
        </ul>
      </header>
      <div className="mb-8">
        <StepIndicator step={step} />
      </div>
      {token ? (
        <ContinueLink key={token} token={token} onOpened={openFromLink} />
      ) : submission ? (
        <UploadStep key={submission.submissionId} submission={submission} onClosed={closeRequest} />
      ) : remembered ? (
        <ResumeOffer
          remembered={remembered}
          onContinue={() => continueWith(remembered)}
          onStartNew={startNew}
        />
      ) : isLoading ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <BusinessInfoForm
          initialValues={getInitialBusinessInfo(readDraft(), user)}
          onSaved={(saved) => {
            rememberSubmission(saved);
            setSubmission(saved);
          }}
        />
      )}
    </div>
  );
}
