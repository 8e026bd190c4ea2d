/**
 * `/admin/learners` (docs/behaviour/admin.md#learners): every enrolled learner, newest first, with their
 * progress, whether their sections were unlocked or their schedule restarted, the overrides' reasons, and
 * the two overrides. Admin only, through the shared admin access handling.
 */
import { Link } from 'react-router-dom';
import type { AdminLearner } from '@platform/contracts';
import { formatDate, formatDateTime } from '@platform/contracts/format';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  SITE_NAME,
  Skeleton,
  useDocumentTitle,
} from '@platform/ui';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { useAdminLearners } from '../api/admin-learners';
import { LEARNERS_COPY, OVERRIDE_COPY, sectionsCompleted } from '../lib/learners-copy';
import { OverrideDialog } from './override-dialog';

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
  useDocumentTitle(`${LEARNERS_COPY.title} | Admin | ${SITE_NAME}`);
  const learners = useAdminLearners();
  useAdminReads(learners.error);

  let body;
  if (learners.isError && !learners.data) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>{LEARNERS_COPY.failed}</AlertTitle>
        <AlertDescription>
          <p>Please try again in a moment.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void learners.refetch()}>
            {LEARNERS_COPY.retry}
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (!learners.data) {
    body = (
      <div className="space-y-2" aria-busy="true">
        <p role="status" className="sr-only">
          {LEARNERS_COPY.loading}
        </p>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-36 w-full" />
        ))}
      </div>
    );
  } else if (learners.data.length === 0) {
    body = (
      <Card className="p-8 text-center" data-testid="learners-empty">
        <h2 className="text-lg font-semibold">{LEARNERS_COPY.empty}</h2>
        <p className="mt-2 text-sm text-muted-foreground">{LEARNERS_COPY.emptyHint}</p>
      </Card>
    );
  } else {
    body = (
      <ul className="space-y-4">
        {learners.data.map((learner) => (
          <li key={`${learner.userId}-${learner.courseId}`}>
            <LearnerCard learner={learner} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-12">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/admin" className="text-primary underline-offset-4 hover:underline">
          Admin
        </Link>
        <span aria-hidden="true" className="px-2 text-muted-foreground">
          /
        </span>
        <span aria-current="page">{LEARNERS_COPY.title}</span>
      </nav>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight">{LEARNERS_COPY.title}</h1>
        <p className="mt-2 max-w-3xl text-muted-foreground">{LEARNERS_COPY.description}</p>
      </header>
      {body}
    </div>
  );
}
