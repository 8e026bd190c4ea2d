/**
 * The right column: one submission's business info, files, 'Admin Notes' with 'Save Notes', the 'Consultation
 * Response' and 'Mark In Review' / 'Mark Completed' (docs/behaviour/admin.md#reviewing-a-submission), and
 * the conversation with the owner.
 */
import { useState } from 'react';
import type { ReactNode, Ref } from 'react';
import {
  ApiError,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Label,
  Textarea,
  toast,
} from '@platform/ui';
import { ConsultationStatusBadge, formatConsultationDate } from '@platform/ui/consultation-status';
import { ConsultationThread } from '@platform/ui/consultation-thread';
import { zodResolver } from '@hookform/resolvers/zod';
import { PostConsultationMessageRequestSchema } from '@platform/contracts';
import type { AdminConsultation } from '../api/get-consultations';
import { useRespondToConsultation } from '../api/respond-to-consultation';
import { REVIEW_MESSAGES } from '../lib/review-messages';
import {
  buildSaveNotesRequest,
  buildStatusRequest,
  getDisplayBusinessName,
  hasResponseText,
} from '../lib/review-rules';
import { SubmissionFiles } from './submission-files';

const messageResolver = zodResolver(PostConsultationMessageRequestSchema);

type Action = 'notes' | 'in_review' | 'completed';

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="min-w-0 text-sm break-words whitespace-pre-wrap text-muted-foreground">{children}</dd>
    </div>
  );
}

const linkClass =
  'font-medium text-primary underline-offset-4 hover:underline rounded-sm outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

/** A phone number as a tel: link, or 'Not given' when there is none. */
function PhoneLink({ phone }: { phone: string | null }) {
  if (!phone) return <>Not given</>;
  return (
    <a href={`tel:${phone}`} className={linkClass}>
      {phone}
    </a>
  );
}

/** A review text box: its label, the hint below it, the text, then what acts on it (`children`). */
function ReviewText({
  id,
  label,
  hint,
  rows,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  rows: number;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <Textarea
        id={id}
        aria-describedby={`${id}-hint`}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {children}
    </div>
  );
}

function showResponseRequired() {
  toast({
    title: REVIEW_MESSAGES.responseRequiredTitle,
    description: REVIEW_MESSAGES.responseRequiredDescription,
    variant: 'destructive',
  });
}

const SUCCESS: Record<Action, { title: string; description: string }> = {
  notes: { title: 'Notes Saved', description: 'Your admin notes have been saved.' },
  in_review: { title: 'Status Updated', description: 'The consultation is now in review.' },
  completed: {
    title: 'Consultation Completed',
    description: 'The response has been saved and e-mailed to the client.',
  },
};

type SubmissionDetailProps = {
  submission: AdminConsultation;
  /** The panel's heading, focused when a submission is picked from the list. */
  headingRef?: Ref<HTMLHeadingElement>;
};

export function SubmissionDetail({ submission, headingRef }: SubmissionDetailProps) {
  const [adminNotes, setAdminNotes] = useState(submission.adminNotes ?? '');
  const [response, setResponse] = useState(submission.consultationResponse ?? '');
  const [pending, setPending] = useState<Action | null>(null);
  const respond = useRespondToConsultation();
  const name = getDisplayBusinessName(submission);

  const run = async (action: Action) => {
    if (action === 'completed' && !hasResponseText(response)) {
      showResponseRequired();
      return;
    }
    const request =
      action === 'notes'
        ? buildSaveNotesRequest(adminNotes)
        : buildStatusRequest(action, adminNotes, response);
    setPending(action);
    try {
      await respond.mutateAsync({ id: submission.id, request, before: submission });
      toast({ ...SUCCESS[action], variant: 'success' });
    } catch (error) {
      console.error('Consultation update failed:', error);
      if (
        error instanceof ApiError &&
        error.status === 400 &&
        (error.serverMessage ?? '').includes(REVIEW_MESSAGES.responseRequiredDescription)
      ) {
        showResponseRequired();
      } else {
        toast({
          title: 'Error',
          description: action === 'notes' ? REVIEW_MESSAGES.notesFailed : REVIEW_MESSAGES.statusFailed,
          variant: 'destructive',
        });
      }
    } finally {
      setPending(null);
    }
  };

  const busy = pending !== null;
  const dates: [string, string | null][] = [
    ['Submitted', submission.submittedAt],
    ['Completed by owner', submission.confirmedAt],
    ['Reviewed', submission.reviewedAt],
    ['Response sent', submission.completedAt],
  ];

  return (
    <article
      aria-labelledby="submission-heading"
      className="min-w-0 space-y-6"
      data-testid="submission-detail"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id="submission-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight break-words outline-hidden"
          >
            {name}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {dates
              .map(([label, iso]) => {
                const text = formatConsultationDate(iso);
                return text ? `${label} ${text}` : null;
              })
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <ConsultationStatusBadge status={submission.status} className="text-sm" />
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Business Information</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="space-y-3">
            <InfoRow label="Business">{name}</InfoRow>
            <InfoRow label="Owner">{submission.ownerName}</InfoRow>
            <InfoRow label="Email">
              <a href={`mailto:${submission.email}`} className={linkClass}>
                {submission.email}
              </a>
            </InfoRow>
            <InfoRow label="Phone">
              <PhoneLink phone={submission.phone} />
            </InfoRow>
            <InfoRow label="Restaurant">{submission.restaurantName}</InfoRow>
            <InfoRow label="Restaurant phone">
              <PhoneLink phone={submission.restaurantPhone} />
            </InfoRow>
            <InfoRow label="Location">{submission.location}</InfoRow>
            <InfoRow label="Current challenges">{submission.currentChallenges}</InfoRow>
            <InfoRow label="Consultation goals">{submission.consultationGoals}</InfoRow>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Files</CardTitle>
        </CardHeader>
        <CardContent>
          <SubmissionFiles files={submission.files} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Review</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <ReviewText
            id="admin-notes"
            label="Admin Notes"
            hint="Private to the support team; saving them leaves the status as it is."
            rows={4}
            value={adminNotes}
            onChange={setAdminNotes}
          >
            <Button type="button" variant="outline" disabled={busy} onClick={() => void run('notes')}>
              {pending === 'notes' ? 'Saving...' : 'Save Notes'}
            </Button>
          </ReviewText>

          <ReviewText
            id="consultation-response"
            label="Consultation Response"
            hint="Sent to the client by e-mail and shown on their My Consultations page when you mark it completed."
            rows={8}
            value={response}
            onChange={setResponse}
          >
            <div className="flex flex-wrap gap-3">
              <Button
                type="button"
                variant="outline"
                disabled={busy || submission.status === 'in_review'}
                onClick={() => void run('in_review')}
              >
                {pending === 'in_review' ? 'Updating...' : 'Mark In Review'}
              </Button>
              <Button type="button" disabled={busy} onClick={() => void run('completed')}>
                {pending === 'completed' ? 'Completing...' : 'Mark Completed'}
              </Button>
            </div>
          </ReviewText>
        </CardContent>
      </Card>

      <Card>
        <CardContent className="pt-6">
          <ConsultationThread
            key={submission.id}
            submissionId={submission.id}
            viewer="admin"
            resolver={messageResolver}
          />
        </CardContent>
      </Card>
    </article>
  );
}
