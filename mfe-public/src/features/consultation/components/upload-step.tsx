/**
 * Step 2 (docs/behaviour/consultation-and-contact.md#step-2-uploads): photos, the walkthrough
 * video and the menu, each uploaded with real progress; then 'Continue Later' (a link back here by e-mail)
 * or completion.
 */
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  CONSULTATION_COMPLETED_MESSAGE,
  CONSULTATION_FILE_ACCEPT,
  CONTINUE_LATER_MESSAGES,
} from '@platform/contracts';
import { Alert, AlertDescription, AlertTitle, ApiError, Button, toast } from '@platform/ui';
import { CameraIcon, CircleCheckIcon, FilmIcon, LoaderCircleIcon, UtensilsIcon } from 'lucide-react';
import { useCompleteConsultation } from '../api/complete-consultation';
import { useContinueLater } from '../api/continue-later';
import { clearConsultation } from '../lib/draft-storage';
import type { SavedSubmission } from '../lib/draft-storage';
import { COMPLETION_MESSAGES, RESUME_COPY } from '../lib/consultation-copy';
import { forgetSubmission } from '../lib/resume-storage';
import { useRequestState } from '../lib/use-request-state';
import { countByStatus } from '../lib/upload-queue';
import { useConsultationUploads } from '../lib/use-consultation-uploads';
import { UploadSlotCard } from './upload-slot-card';

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
  const counts = countByStatus(uploads.queue);
  const isUploading = uploads.busySlots.size > 0;
  const isBusy = isUploading || complete.isPending || later.isPending;

  const slotProps = {
    onChoose: uploads.choose,
    onUpload: (slot: Parameters<typeof uploads.uploadSlot>[0]) => void uploads.uploadSlot(slot),
    onRemove: uploads.remove,
    onRetry: uploads.retry,
    onPause: uploads.pause,
    onResume: uploads.resume,
    onCancel: uploads.cancel,
  };
  const itemsOf = (slot: 'photos' | 'video' | 'menu') => uploads.queue.filter((item) => item.slot === slot);

  const onComplete = async () => {
    try {
      await complete.mutateAsync(access);
    } catch (error) {
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
    toast({
      title: COMPLETION_MESSAGES.successTitle,
      description: `${CONSULTATION_COMPLETED_MESSAGE} A confirmation is on its way to your e-mail.`,
      variant: 'success',
    });
    navigate('/');
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
      <UploadSlotCard
        {...slotProps}
        slot="photos"
        title="Restaurant Photos"
        description="Dining room, entrance, kitchen, tables and signage: as many photos as you like (up to 20 MB each)."
        icon={CameraIcon}
        accept={CONSULTATION_FILE_ACCEPT.images}
        multiple
        chooseLabel="Choose photos"
        noun="photo"
        items={itemsOf('photos')}
        isBusy={uploads.busySlots.has('photos')}
      />
      <UploadSlotCard
        {...slotProps}
        slot="video"
        title="Walkthrough Video"
        description="One video walking through your restaurant as a guest sees it. Suggested length: 2-3 minutes (up to 2 GB)."
        icon={FilmIcon}
        accept={CONSULTATION_FILE_ACCEPT.videos}
        multiple={false}
        chooseLabel="Choose video"
        noun="video"
        items={itemsOf('video')}
        isBusy={uploads.busySlots.has('video')}
      />
      <UploadSlotCard
        {...slotProps}
        slot="menu"
        title="Menu"
        description="Photos of your menu, or the menu as a PDF, DOC or DOCX document (up to 25 MB)."
        icon={UtensilsIcon}
        accept={`${CONSULTATION_FILE_ACCEPT.menu_photos},${CONSULTATION_FILE_ACCEPT.documents}`}
        multiple
        chooseLabel="Choose menu files"
        noun="menu file"
        items={itemsOf('menu')}
        isBusy={uploads.busySlots.has('menu')}
      />
      {counts.pending > 0 ? (
        <Alert>
          <AlertTitle className="line-clamp-none">
            {counts.pending} chosen file{counts.pending === 1 ? ' is' : 's are'} not uploaded yet
          </AlertTitle>
          <AlertDescription>
            Press its upload button first, or remove it, before you complete.
          </AlertDescription>
        </Alert>
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
            {complete.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            Complete Submission &amp; Send Confirmation
          </Button>
        </div>
      </div>
    </div>
  );
}
