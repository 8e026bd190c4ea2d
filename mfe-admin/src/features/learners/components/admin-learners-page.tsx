/**
 * `/admin/learners` (docs/behaviour/admin.md#learners): every enrolled learner, newest first, with their
 * progress, whether their sections were unlocked or their schedule restarted, the overrides' reasons, and
 * the two overrides. Admin only, through the shared admin access handling.
 */
import type { AdminLearner } from '@platform/contracts';
import { formatDate, formatDateTime } from '@platform/contracts/format';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '@platform/ui';
import { AdminPageFrame } from '../../admin-access/components/admin-page-frame';
import { AdminCardList } from '../../admin-access/components/first-read-state';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { useAdminLearners } from '../api/admin-learners';
import { LEARNERS_COPY, OVERRIDE_COPY, sectionsCompleted } from '../lib/learners-copy';
import { OverrideDialog } from './override-dialog';
import { PersonalDataActions } from './personal-data-actions';

function LearnerCard({ learner }: { learner: AdminLearner }) {
  const who = learner.name || learner.email || LEARNERS_COPY.unnamed;
  return (
    <Card data-testid="admin-learner">
      <CardHeader className="gap-1">
        <CardTitle asChild>
          <h2 className="break-words text-lg">{who}</h2>
        </CardTitle>
        <p className="break-all text-sm text-muted-foreground">{learner.email}</p>
        <p className="text-sm text-muted-foreground">
          {learner.courseTitle} · Enrolled {formatDate(learner.enrolledAt)}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium" data-testid="learner-progress">
            {sectionsCompleted(learner.completedSectionCount, learner.sectionCount)}
          </span>
          {learner.unlockedAllAt ? <Badge variant="success">{LEARNERS_COPY.allOpen}</Badge> : null}
          {learner.scheduleRestartedAt && !learner.unlockedAllAt ? (
            <Badge variant="secondary">
              {LEARNERS_COPY.restarted} {formatDate(learner.scheduleRestartedAt)}
            </Badge>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <OverrideDialog userId={learner.userId} action="unlock_all" who={who} />
          <OverrideDialog userId={learner.userId} action="reset_progress" who={who} />
          <PersonalDataActions userId={learner.userId} who={who} />
        </div>
        {learner.overrides.length > 0 ? (
          <section aria-label={`${LEARNERS_COPY.history}: ${who}`} className="space-y-1">
            <h3 className="text-sm font-semibold">{LEARNERS_COPY.history}</h3>
            <ul className="space-y-1 text-sm">
              {learner.overrides.map((entry) => (
                <li key={`${entry.action}-${entry.createdAt}`} className="break-words">
                  <span className="text-muted-foreground">{formatDateTime(entry.createdAt)}</span> ·{' '}
                  {OVERRIDE_COPY[entry.action].logged}: {entry.reason}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function AdminLearnersPage() {
  const learners = useAdminLearners();
  useAdminReads(learners.error);

  return (
    <AdminPageFrame
      title={LEARNERS_COPY.title}
      description={LEARNERS_COPY.description}
      narrowDescription
      width="4xl"
      headerSpacing="mb-6"
    >
      <AdminCardList
        read={learners}
        copy={LEARNERS_COPY}
        rows={3}
        rowHeight="h-36"
        empty={{ testId: 'learners-empty', title: LEARNERS_COPY.empty, hint: LEARNERS_COPY.emptyHint }}
        keyOf={(learner) => `${learner.userId}-${learner.courseId}`}
        renderCard={(learner) => <LearnerCard learner={learner} />}
      />
    </AdminPageFrame>
  );
}
