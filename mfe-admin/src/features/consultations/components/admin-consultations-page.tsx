/**
 * `/private-admin-panel-support-only` (docs/behaviour/admin.md#admin-consultations-page;
 * docs/decisions.md, 10): every submission on the left, the chosen one's detail on the right (stacked on a
 * phone), and below them the calls: the published week and the calls booked. The admin layout route checks access for display (the server refuses too); the list's 401/403
 * turn the reader away the same way.
 */
import { useEffect, useRef, useState } from 'react';
import { Card, LoadFailedAlert, LoadingPlaceholder, Skeleton, SkeletonRows, toast } from '@platform/ui';
import { sortNewestFirst } from '@platform/ui/consultation-status';
import { AdminPageFrame } from '../../admin-access/components/admin-page-frame';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { classifyListFailure } from '../../admin-access/lib/admin-access';
import { useConsultations } from '../api/get-consultations';
import { REVIEW_MESSAGES } from '../lib/review-messages';
import type { StatusFilter } from '../lib/consultation-status';
import { ConsultationCalls } from './consultation-calls';
import { SubmissionDetail } from './submission-detail';
import { SubmissionList } from './submission-list';

function LoadingLayout() {
  return (
    <LoadingPlaceholder
      label="Loading consultation submissions…"
      className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]"
    >
      <div className="space-y-2" data-testid="submission-skeletons">
        <SkeletonRows count={4} className="h-20 w-full" />
      </div>
      <Skeleton className="h-96 w-full" />
    </LoadingPlaceholder>
  );
}

export function AdminConsultationsPage() {
  const consultations = useConsultations();
  useAdminReads(consultations.error);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const failureToastShown = useRef(false);

  const failure = consultations.isError ? classifyListFailure(consultations.error) : null;

  useEffect(() => {
    if (failure !== 'failed') {
      failureToastShown.current = false;
      return;
    }
    if (failureToastShown.current) return;
    failureToastShown.current = true;
    toast({ title: 'Error', description: REVIEW_MESSAGES.fetchFailed, variant: 'destructive' });
  }, [failure]);

  // On a phone the detail sits below the list: take the reader (and keyboard focus) to it.
  useEffect(() => {
    if (!selectedId) return;
    const heading = detailHeading.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    if (window.matchMedia('(max-width: 1023px)').matches) {
      heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [selectedId]);

  const submissions = sortNewestFirst(consultations.data ?? []);
  const selected = submissions.find((item) => item.id === selectedId) ?? null;

  let body;
  if (consultations.isPending) {
    body = <LoadingLayout />;
  } else if (failure === 'failed') {
    body = (
      <LoadFailedAlert title={REVIEW_MESSAGES.fetchFailed} onRetry={() => void consultations.refetch()} />
    );
  } else {
    body = (
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <SubmissionList
          submissions={submissions}
          selectedId={selectedId}
          filter={filter}
          onFilterChange={setFilter}
          onSelect={setSelectedId}
        />
        {selected ? (
          <SubmissionDetail key={selected.id} submission={selected} headingRef={detailHeading} />
        ) : (
          <Card className="p-8 text-center text-muted-foreground" data-testid="no-selection">
            <h2 className="text-lg font-semibold text-foreground">No submission selected</h2>
            <p className="mt-2 text-sm">Choose a submission from the list to review it.</p>
          </Card>
        )}
      </div>
    );
  }

  return (
    <AdminPageFrame
      title="Consultation Submissions"
      description="Review restaurant consultation requests, keep notes and send each owner a written response."
      width="6xl"
      breadcrumb={false}
    >
      {body}
      {consultations.isSuccess ? <ConsultationCalls /> : null}
    </AdminPageFrame>
  );
}
