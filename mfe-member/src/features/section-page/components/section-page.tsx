/**
 * `/module/:moduleId`, the section page (docs/behaviour/member-learning.md#section-page;
 * docs/decisions.md, 7–8): title, description, back to /dashboard, the Completed/Available badge; 'Section
 * Lessons' with each lesson's player and 'Complete Lesson'; 'What You'll Learn in This Section'; the footer
 * with 'Mark Section Complete' (which completes the lessons left, asking first: docs/decisions.md, 46); the
 * positional next-section teaser. A locked section says when it opens; a missing one shows 'Section Not
 * Found'; signed-out callers go to /login. A caller without the course previews it ('Free Preview': its
 * free lessons play, the others are for members, nothing to mark complete).
 */
import type { AvailableModule, MemberLesson } from '@platform/contracts';
import {
  Badge,
  Button,
  ButtonLink,
  NoticeCard,
  TitledCard,
  getApiErrorStatus,
  useDocumentTitle,
  useSignInGate,
} from '@platform/ui';
import { formatDate, isPlaceholderSectionTitle } from '@platform/contracts/format';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCompleteLesson } from '../api/complete-lesson';
import { SECTION_COMPLETED_REDIRECT_MS, useCompleteSection } from '../api/complete-section';
import { useAvailableModules } from '../../courses/api/get-available-modules';
import { useModule, useModuleLessons } from '../../courses/api/get-module';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@platform/ui/dialog';
import {
  getCompletionHint,
  getCompletionProgress,
  getMarkSectionQuestion,
  getLockedNotice,
  getNextSectionTeaser,
  getSectionBadge,
  getSectionKeyPoints,
  getSectionNumber,
  getSectionPageTitle,
} from '../lib/section-rules';
import {
  MEMBERS_ONLY_LESSON_TEXT,
  PREVIEW_SECTION_TEXT,
  UPGRADE_PATH,
} from '../../courses/lib/section-state';
import {
  KeyPointsCard,
  StudyBackLink,
  StudyNotFound,
  StudyPageShell,
  StudyPageSkeleton,
} from '../../../components/study-page';
import { MembershipRequiredRedirect } from '../../../components/membership-required-redirect';
import { SectionLessonCard } from './section-lesson-card';
import { signedOutView } from '../../../components/member-page-gate';

const BADGE_VARIANT = {
  Completed: 'success',
  Available: 'default',
  Locked: 'secondary',
  'Free Preview': 'outline',
} as const;

function SectionNotFound() {
  useDocumentTitle(getSectionPageTitle('Section Not Found'));
  return (
    <StudyNotFound
      title="Section Not Found"
      description="This section does not exist or is no longer part of the course."
      backTo="/dashboard"
      backLabel="Back to Dashboard"
    />
  );
}

function SectionLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <StudyPageShell>
      <NoticeCard
        role="alert"
        className="mx-auto max-w-lg"
        title="This section could not be loaded"
        description="Check your connection and try again."
        contentClassName="flex flex-wrap justify-center gap-3"
      >
        <Button type="button" onClick={onRetry}>
          Try again
        </Button>
        <ButtonLink to="/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      </NoticeCard>
    </StudyPageShell>
  );
}

const SECTION_SKELETON_BARS = ['h-4 w-36', 'h-9 w-3/4', 'h-5 w-full', 'aspect-video w-full'];

function SectionSkeleton() {
  return <StudyPageSkeleton status="Loading section…" bars={SECTION_SKELETON_BARS} />;
}

export function SectionPage() {
  const { moduleId = '' } = useParams();
  const gate = useSignInGate();
  const { user, isLoading: userLoading } = gate;
  // Not a positive whole number: no such section (the server would say 404 too).
  const id = /^[1-9][0-9]{0,9}$/.test(moduleId) ? Number(moduleId) : 0;
  // The page is for signed-in users only and the section id is in the address: the section and its
  // lessons are asked for together with the user, not one after the other (a signed-out visitor's 401
  // reads as null and goes to /login as before). A locked section's lessons come without content and are
  // not shown.
  const mayRead = (user !== null || userLoading) && id > 0;
  const section = useModule(id, mayRead);
  useModuleLessons(id, mayRead);
  const status = getApiErrorStatus(section.error);

  const away = signedOutView(gate, section);
  if (away !== undefined) return away;
  if (id === 0) return <SectionNotFound />;
  if (status === 403) return <MembershipRequiredRedirect />;
  if (status === 404 || status === 400) return <SectionNotFound />;
  if (section.isError) return <SectionLoadFailed onRetry={() => void section.refetch()} />;
  if (!section.data) return <SectionSkeleton />;
  return <SectionView moduleId={id} section={section.data} />;
}

function SectionView({ moduleId, section }: { moduleId: number; section: AvailableModule }) {
  useDocumentTitle(getSectionPageTitle(section.title));
  const navigate = useNavigate();
  // Without membership the free lessons play ('Free Preview'), the others show as for members.
  const preview = section.lockedReason === 'membership';
  const lessons = useModuleLessons(moduleId, section.isAvailable || section.isCompleted || preview);
  const courseSections = useAvailableModules(section.courseId, true);
  const completeLesson = useCompleteLesson(moduleId);
  const [completingLessonId, setCompletingLessonId] = useState<number | null>(null);
  const [confirmingSection, setConfirmingSection] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(redirectTimer.current ?? undefined), []);
  const completeSection = useCompleteSection(moduleId, () => {
    redirectTimer.current = setTimeout(() => void navigate('/dashboard'), SECTION_COMPLETED_REDIRECT_MS);
  });

  const badge = getSectionBadge(section);
  const number = getSectionNumber(courseSections.data, section.id);
  const teaser = getNextSectionTeaser(courseSections.data, section.id);
  const lessonList: MemberLesson[] = lessons.data ?? [];
  const keyPoints = getSectionKeyPoints(lessonList);
  const completedCount = lessonList.filter((lesson) => lesson.completed).length;
  const markQuestion = getMarkSectionQuestion(lessonList.length, completedCount);
  const locked = !section.isAvailable && !section.isCompleted && !preview;

  return (
    <StudyPageShell>
      <StudyBackLink to="/dashboard">Back to Dashboard</StudyBackLink>
      <header className="mt-4 space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          {/* A section without a real title is called 'Section N' once, by its heading. */}
          {number !== null && !isPlaceholderSectionTitle(number, section.title) ? (
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">Section {number}</p>
          ) : null}
          <Badge variant={BADGE_VARIANT[badge]} data-testid="section-badge">
            {badge}
          </Badge>
        </div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{section.title}</h1>
        {section.description ? <p className="text-lg text-muted-foreground">{section.description}</p> : null}
      </header>

      {preview ? (
        <TitledCard
          role="note"
          className="mt-8"
          data-testid="section-preview"
          titleClassName={null}
          title="Free Preview"
          description={PREVIEW_SECTION_TEXT}
          descriptionClassName="text-base"
        >
          <ButtonLink to={UPGRADE_PATH}>Upgrade to Access</ButtonLink>
        </TitledCard>
      ) : null}

      {locked ? (
        <TitledCard
          role="status"
          className="mt-8 border-dashed"
          data-testid="section-locked"
          title="This section is locked"
          titleClassName={null}
          description={getLockedNotice(section)}
          descriptionClassName="text-base"
        >
          {section.lockedReason === 'consultation' ? (
            <ButtonLink to="/consultation">Submit Restaurant Consultation</ButtonLink>
          ) : undefined}
        </TitledCard>
      ) : (
        <>
          <section aria-labelledby="section-lessons" className="mt-10">
            <h2 id="section-lessons" className="mb-4 text-2xl font-semibold tracking-tight">
              Section Lessons
            </h2>
            {lessons.isPending ? (
              <p role="status" className="text-muted-foreground">
                Loading lessons...
              </p>
            ) : lessons.isError ? (
              <TitledCard
                role="alert"
                heading="h3"
                titleClassName={null}
                title="The lessons could not be loaded"
                description="Check your connection and try again."
              >
                <Button type="button" variant="outline" onClick={() => void lessons.refetch()}>
                  Try again
                </Button>
              </TitledCard>
            ) : lessonList.length === 0 ? (
              <TitledCard
                className="text-center"
                headerClassName="items-center"
                heading="h3"
                titleClassName={null}
                title="No Lessons Available"
                description="This section doesn't have any lessons yet. Please check back later."
              />
            ) : (
              <ol className="space-y-6" aria-label="Lessons">
                {lessonList.map((lesson, index) => (
                  <li key={lesson.id}>
                    <SectionLessonCard
                      lesson={lesson}
                      lockedText={preview ? MEMBERS_ONLY_LESSON_TEXT : undefined}
                      index={index}
                      total={lessonList.length}
                      isCompleting={completeLesson.isPending && completingLessonId === lesson.id}
                      onComplete={(lessonId) => {
                        setCompletingLessonId(lessonId);
                        completeLesson.mutate(lessonId);
                      }}
                    />
                  </li>
                ))}
              </ol>
            )}
          </section>

          {keyPoints.length > 0 ? (
            <section aria-labelledby="section-key-points" className="mt-10">
              <KeyPointsCard
                id="section-key-points"
                title="What You'll Learn in This Section"
                items={keyPoints}
                listClassName="grid gap-3 sm:grid-cols-2"
              />
            </section>
          ) : null}

          {preview ? null : (
            <footer
              className="mt-10 flex flex-col gap-4 rounded-xl border border-border bg-muted/40 p-6 sm:flex-row sm:items-center sm:justify-between"
              data-testid="section-footer"
            >
              {section.isCompleted ? (
                <p className="font-medium">
                  Section completed
                  {section.completedAt ? ` on ${formatDate(section.completedAt, { style: 'long' })}` : ''}
                </p>
              ) : (
                <>
                  <div className="space-y-1">
                    <p className="text-muted-foreground">{getCompletionHint(lessonList.length)}</p>
                    {lessons.isSuccess ? (
                      <p className="text-sm text-muted-foreground" data-testid="section-completion-progress">
                        {getCompletionProgress(lessonList.length, completedCount)}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    type="button"
                    className="shrink-0"
                    disabled={!lessons.isSuccess || completeSection.isPending || completeSection.isSuccess}
                    onClick={() => (markQuestion ? setConfirmingSection(true) : completeSection.mutate())}
                  >
                    {completeSection.isPending ? 'Saving...' : 'Mark Section Complete'}
                  </Button>
                  {markQuestion ? (
                    <Dialog open={confirmingSection} onOpenChange={setConfirmingSection}>
                      <DialogContent>
                        <DialogHeader>
                          <DialogTitle>{markQuestion.title}</DialogTitle>
                          <DialogDescription>{markQuestion.description}</DialogDescription>
                        </DialogHeader>
                        <DialogActions
                          cancelLabel="Keep studying"
                          busy={false}
                          label="Mark Section Complete"
                          busyLabel="Mark Section Complete"
                          onAction={() => {
                            setConfirmingSection(false);
                            completeSection.mutate();
                          }}
                        />
                      </DialogContent>
                    </Dialog>
                  ) : null}
                </>
              )}
            </footer>
          )}
        </>
      )}

      <aside aria-labelledby="next-section" className="mt-8">
        <TitledCard
          className="bg-primary/5"
          titleId="next-section"
          title="Next Section"
          titleClassName="text-lg"
          description={teaser.text}
          descriptionClassName="text-base text-foreground"
          descriptionTestId="next-section-teaser"
        >
          {teaser.next ? (
            <ButtonLink to={`/module/${teaser.next.id}`} variant="outline">
              Go to Section {teaser.next.number}
            </ButtonLink>
          ) : undefined}
        </TitledCard>
      </aside>
    </StudyPageShell>
  );
}
