/**
 * One of the user's submissions: name, status, file counts, dates, the admin's response, booking a call
 * (once the request is completed) and the conversation with the consultant.
 */
import { Card, CardContent, CardHeader, CardTitle } from '@platform/ui';
import { ConsultationStatusBadge, formatConsultationDate } from '@platform/ui/consultation-status';
import { ConsultationThread } from '@platform/ui/consultation-thread';
import { zodResolver } from '@hookform/resolvers/zod';
import { PostConsultationMessageRequestSchema } from '@platform/contracts';
import type { MyConsultation } from '../api/get-my-consultations';
import { describeFileCounts, getResponseText } from '../lib/consultation-display';
import { ConsultationCallBooking } from './call-booking';

const messageResolver = zodResolver(PostConsultationMessageRequestSchema);

function DateRow({ label, iso }: { label: string; iso: string | null }) {
  const text = formatConsultationDate(iso);
  if (!text) return null;
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium">{label}:</dt>
      <dd className="text-muted-foreground">
        <time dateTime={iso ?? undefined}>{text}</time>
      </dd>
    </div>
  );
}

export function ConsultationCard({ consultation }: { consultation: MyConsultation }) {
  const headingId = `consultation-${consultation.id}`;
  const response = getResponseText(consultation.consultationResponse);
  const restaurant =
    consultation.restaurantName && consultation.restaurantName !== consultation.businessName
      ? consultation.restaurantName
      : null;

  return (
    <Card role="group" aria-labelledby={headingId} data-testid="my-consultation">
      <CardHeader className="gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <CardTitle asChild>
            <h2 id={headingId} className="text-xl break-words">
              {consultation.businessName || consultation.restaurantName || 'Restaurant consultation'}
            </h2>
          </CardTitle>
          {restaurant ? <p className="mt-1 text-sm text-muted-foreground">{restaurant}</p> : null}
        </div>
        <ConsultationStatusBadge status={consultation.status} className="sm:mt-1" />
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm" data-testid="file-counts">
          {describeFileCounts({
            photos: consultation.imageCount,
            videos: consultation.videoCount,
            documents: consultation.documentCount,
          })}
        </p>
        <dl className="space-y-1 text-sm">
          <DateRow label="Submitted" iso={consultation.submittedAt} />
          <DateRow label="Reviewed" iso={consultation.reviewedAt} />
          <DateRow label="Completed" iso={consultation.completedAt} />
        </dl>
        {response ? (
          <section
            aria-labelledby={`${headingId}-response`}
            className="rounded-lg border-l-4 border-success bg-muted p-4"
            data-testid="consultation-response"
          >
            <h3 id={`${headingId}-response`} className="font-semibold">
              Consultation Response
            </h3>
            <p className="mt-2 text-sm leading-relaxed whitespace-pre-wrap break-words">{response}</p>
          </section>
        ) : consultation.status === 'pending' && !consultation.confirmedAt ? (
          <p className="text-sm text-muted-foreground">
            You saved this request but have not completed it yet. Add your files to finish it.
          </p>
        ) : consultation.status === 'pending' || consultation.status === 'in_review' ? (
          <p className="text-sm text-muted-foreground">
            Our consultant reviews every request within 24-48 hours. The response will appear here.
          </p>
        ) : null}
        {consultation.confirmedAt ? <ConsultationCallBooking submissionId={consultation.id} /> : null}
        <ConsultationThread submissionId={consultation.id} viewer="owner" resolver={messageResolver} />
      </CardContent>
    </Card>
  );
}
