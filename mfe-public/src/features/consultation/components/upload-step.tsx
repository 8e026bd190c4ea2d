/**
 * Step 2 (docs/behaviour/consultation-and-contact.md#step-2-uploads): photos, the walkthrough
 * video and the menu, each uploaded with real progress; then 'Continue Later' (a link back here by e-mail)
 * or completion, which uploads what is chosen first.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ComponentProps } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  CONSULTATION_COMPLETED_MESSAGE,
  CONSULTATION_FILE_ACCEPT,
  CONTINUE_LATER_MESSAGES,
} from '@platform/contracts';
import { Alert, AlertDescription, AlertTitle, ApiError, Button, toast } from '@platform/ui';
import { Progress } from '@platform/ui/upload-progress';
import {
  CameraIcon,
  CircleCheckIcon,
  FilmIcon,
  LoaderCircleIcon,
  RotateCcwIcon,
  TriangleAlertIcon,
  UtensilsIcon,
} from 'lucide-react';
import { useCompleteConsultation } from '../api/complete-consultation';
import { useContinueLater } from '../api/continue-later';
import { clearConsultation } from '../lib/draft-storage';
import type { SavedSubmission } from '../lib/draft-storage';
import { COMPLETION_MESSAGES, RESUME_COPY } from '../lib/consultation-copy';
import { forgetSubmission } from '../lib/resume-storage';
import { useRequestState } from '../lib/use-request-state';
import {
  COMPLETE_WITH_FILES_COPY,
  MY_CONSULTATIONS_QUERY_KEY,
  destinationAfterCompleting,
  getUnsent,
  hasWorkToLose,
  judgeUploadsBeforeCompleting,
  summariseBatch,
} from '../lib/complete-with-files';
import type { UploadsBeforeCompleting } from '../lib/complete-with-files';
import type { UploadSlot } from '../lib/file-rules';
import { useConsultationUploads } from '../lib/use-consultation-uploads';
import { UploadSlotCard } from './upload-slot-card';

/** Each input's own copy, in the order step 2 shows them. */
const SLOT_CARDS: Pick<
  ComponentProps<typeof UploadSlotCard>,
  'slot' | 'title' | 'description' | 'icon' | 'accept' | 'multiple' | 'chooseLabel' | 'noun'
>[] = [
  {
    slot: 'photos',
    title: 'Restaurant Photos',
    description:
      'Dining room, entrance, kitchen, tables and signage: as many photos as you like (up to 20 MB each).',
    icon: CameraIcon,
    accept: CONSULTATION_FILE_ACCEPT.images,
    multiple: true,
    chooseLabel: 'Choose photos',
    noun: 'photo',
  },
  {
    slot: 'video',
    title: 'Walkthrough Video',
    description:
      'One video walking through your restaurant as a guest sees it. Suggested length: 2-3 minutes (up to 2 GB).',
    icon: FilmIcon,
    accept: CONSULTATION_FILE_ACCEPT.videos,
    multiple: false,
    chooseLabel: 'Choose video',
    noun: 'video',
  },
  {
    slot: 'menu',
    title: 'Menu',
    description: 'Photos of your menu, or the menu as a PDF, DOC or DOCX document (up to 25 MB).',
    icon: UtensilsIcon,
    accept: `${CONSULTATION_FILE_ACCEPT.menu_photos},${CONSULTATION_FILE_ACCEPT.documents}`,
    multiple: true,
    chooseLabel: 'Choose menu files',
    noun: 'menu file',
  },
];

type UploadStepProps = {
  submission: SavedSubmission;
  /** The request was completed elsewhere, or is no longer known: nothing is left to do here. */
  onClosed: (state: 'completed' | 'gone') => void;
};

export function UploadStep({ submission, onClosed }: UploadStepProps) {
  const navigate = useNavigate();
  const state = useRequestState(submission);
  useEffect(() => {
    if (state === 'completed' || state === 'gone') onClosed(state);
  }, [state, onClosed]);
  const access = useMemo(
    () => ({ submissionId: submission.submissionId, uploadToken: submission.uploadToken }),
    [submission.submissionId, submission.uploadToken],
  );
  const uploads = useConsultationUploads(access);
  const complete = useCompleteConsultation();
  const later = useContinueLater();
  const queryClient = useQueryClient();
  // Pressing Complete: first the chosen files go up ('uploading'), then the request is completed.
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'completing'>('idle');
  const [batch, setBatch] = useState<string[]>([]);
  const [problem, setProblem] = useState<Extract<UploadsBeforeCompleting, { kind: 'ask' }> | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
  const unsent = getUnsent(uploads.queue).length;
  // The browser's own 'Leave site?' question while leaving would lose a chosen file.
  const workToLose = hasWorkToLose(uploads.queue);
  useEffect(() => {
    if (!workToLose) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [workToLose]);
  const isUploading = uploads.busySlots.size > 0;
  const isBusy = isUploading || phase !== 'idle' || later.isPending;
  const progress = phase === 'uploading' ? summariseBatch(uploads.queue, batch) : null;

  /** What a slot's card takes besides its own copy: the queue's handlers, and its files and state. */
  const slotProps = (slot: UploadSlot) => ({
    slot,
    onChoose: uploads.choose,
    onUpload: (chosen: UploadSlot) => void uploads.uploadSlot(chosen),
    fileActions: {
      onRemove: uploads.remove,
      onRetry: uploads.retry,
      onPause: uploads.pause,
      onResume: uploads.resume,
      onCancel: uploads.cancel,
    },
    items: uploads.queue.filter((item) => item.slot === slot),
    isBusy: uploads.busySlots.has(slot),
    isLocked: phase !== 'idle',
  });

  // Completing sends what is chosen first and never completes without it unless the owner says so
  // (docs/behaviour/consultation-and-contact.md#completing-with-chosen-files).
  const finish = async () => {
    setPhase('completing');
    let answer: { inMyConsultations: boolean };
    try {
      answer = await complete.mutateAsync(access);
    } catch (error) {
      setPhase('idle');
      console.error('Completing the consultation failed:', error);
      toast({
        title: COMPLETION_MESSAGES.failedTitle,
        description: COMPLETION_MESSAGES.failedDescription,
        variant: 'destructive',
      });
      return;
    }
    clearConsultation();
    forgetSubmission();
    void queryClient.invalidateQueries({ queryKey: MY_CONSULTATIONS_QUERY_KEY });
    toast({
      title: COMPLETION_MESSAGES.successTitle,
      description: `${CONSULTATION_COMPLETED_MESSAGE} A confirmation is on its way to your e-mail.`,
      variant: 'success',
    });
    navigate(destinationAfterCompleting(answer.inMyConsultations));
  };

  const onComplete = async () => {
    setProblem(null);
    if (getUnsent(uploads.queue).length > 0) {
      setPhase('uploading');
      const results = await uploads.sendUnsent(setBatch);
      const verdict = judgeUploadsBeforeCompleting(results);
      if (verdict.kind !== 'complete') {
        setPhase('idle');
        if (verdict.kind === 'ask') setProblem(verdict);
        return;
      }
    }
    await finish();
  };

  // 'Continue Later' keeps its promise: a link back to this step by e-mail (this device remembers it too).
  const onContinueLater = async () => {
    try {
      const answer = await later.mutateAsync(access);
      toast({ title: CONTINUE_LATER_MESSAGES.sentTitle, description: answer.message, variant: 'success' });
      navigate('/');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Completed meanwhile (another tab or device): nothing is left to continue.
        clearConsultation();
        forgetSubmission();
        toast({
          title: RESUME_COPY.alreadyCompletedTitle,
          description: CONTINUE_LATER_MESSAGES.alreadyCompleted,
        });
        navigate('/');
        return;
      }
      console.error('Continue Later failed:', error);
      toast({
        title: CONTINUE_LATER_MESSAGES.failedTitle,
        description: CONTINUE_LATER_MESSAGES.failedDescription,
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="space-y-6">
      <Alert role="status">
        <CircleCheckIcon aria-hidden="true" />
        <AlertTitle className="line-clamp-none">
          Business information saved{submission.businessName ? ` for ${submission.businessName}` : ''}
        </AlertTitle>
        <AlertDescription>
          Now show us your restaurant. Each upload shows its progress; once you complete, your confirmation
          e-mail has a link to add more files.
        </AlertDescription>
      </Alert>
      {SLOT_CARDS.map((card) => (
        <UploadSlotCard key={card.slot} {...slotProps(card.slot)} {...card} />
      ))}
      {problem ? (
        <Alert variant="destructive" role="alert" ref={problemRef} tabIndex={-1} data-testid="unsent-files">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle className="line-clamp-none">
            {COMPLETE_WITH_FILES_COPY.notSentTitle(problem.failed.length + problem.refused.length)}
          </AlertTitle>
          <AlertDescription>
            <p>{COMPLETE_WITH_FILES_COPY.notSentDescription}</p>
            <ul className="mt-2 list-disc space-y-0.5 pl-5">
              {problem.failed.map((name, index) => (
                <li key={`failed-${index}`} className="break-all">
                  {name}
                </li>
              ))}
              {problem.refused.map((name, index) => (
                <li key={`refused-${index}`} className="break-all">
                  {name} ({COMPLETE_WITH_FILES_COPY.notAccepted})
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              {problem.failed.length > 0 ? (
                <Button type="button" disabled={isBusy} onClick={() => void onComplete()}>
                  <RotateCcwIcon aria-hidden="true" />
                  {COMPLETE_WITH_FILES_COPY.tryAgain}
                </Button>
              ) : null}
              <Button
                type="button"
                variant="outline"
                className="h-auto min-h-9 whitespace-normal"
                disabled={isBusy}
                onClick={() => {
                  setProblem(null);
                  void finish();
                }}
              >
                {COMPLETE_WITH_FILES_COPY.completeWithout}
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : unsent > 0 && phase === 'idle' ? (
        <Alert data-testid="unsent-files-hint">
          <AlertTitle className="line-clamp-none">{COMPLETE_WITH_FILES_COPY.unsentTitle(unsent)}</AlertTitle>
          <AlertDescription>{COMPLETE_WITH_FILES_COPY.unsentHint}</AlertDescription>
        </Alert>
      ) : null}
      {progress ? (
        <div className="space-y-1" role="status" data-testid="uploading-before-completing">
          <p className="text-sm">
            {COMPLETE_WITH_FILES_COPY.uploadingFirst(progress.stored, progress.total)}
          </p>
          <Progress
            value={progress.percent}
            aria-label={COMPLETE_WITH_FILES_COPY.progressLabel}
            aria-valuetext={`${progress.percent}%`}
          />
        </div>
      ) : null}
      <div className="space-y-3 border-t border-border pt-6">
        <p className="text-sm text-muted-foreground">{RESUME_COPY.continueLaterHint}</p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Button
            type="button"
            variant="outline"
            size="lg"
            className="w-full sm:w-auto"
            disabled={isBusy}
            onClick={() => void onContinueLater()}
          >
            {later.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            Continue Later
          </Button>
          <Button
            type="button"
            size="lg"
            className="h-auto min-h-11 w-full whitespace-normal py-2 sm:w-auto"
            disabled={isBusy}
            onClick={() => void onComplete()}
          >
            {phase !== 'idle' ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            Complete Submission &amp; Send Confirmation
          </Button>
        </div>
      </div>
    </div>
  );
}
