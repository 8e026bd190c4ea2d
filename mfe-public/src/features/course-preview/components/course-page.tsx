/**
 * `/`: the public course page (docs/behaviour/public-site-and-catalogue.md#public-course-page; the header is
 * the shell's).
 */
import { useCallback, useDeferredValue, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  HydrateLater,
  RENDERED_WHEN_NEAR,
  SITE_NAME,
  ServerMarkup,
  cn,
  pressRegion,
  useDocumentTitle,
} from '@platform/ui';
import { CircleCheckIcon, EyeIcon, MessageCircleIcon, PlayIcon } from 'lucide-react';
import { useCoursePreview } from '../api/get-course-preview';
import type { CoursePreview, PreviewLesson } from '../api/get-course-preview';
import { useCoursePlayer } from '../lib/use-course-player';
import { CourseContent } from './course-content';
import { CourseHero } from './course-hero';
import { CourseOutlineError } from './course-outline-error';
import { CoursePageSkeleton } from './course-page-skeleton';
import { CoursePlayerView } from './course-player';
import { FreeAnalysisCard } from './free-analysis-card';
import { InstructorCard } from './instructor-card';

/** The players' sections: a press in one before it is hydrated is held and given again (decision 115). */
const INTRO_PLAYER_ID = 'course-introduction';
const PREVIEW_PLAYER_ID = 'free-preview-player';

function IntroVideo({
  src,
  videoRef,
  onPlay,
}: {
  src: string;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** It began to play: the page pauses the preview player (one soundtrack at a time). */
  onPlay: () => void;
}) {
  const [started, setStarted] = useState(false);

  const play = () => {
    setStarted(true);
    videoRef.current?.play().catch((error: unknown) => console.warn('Video playback did not start:', error));
  };

  return (
    <section {...pressRegion(INTRO_PLAYER_ID)} aria-labelledby="intro-video-heading" className="space-y-3">
      <h2 id="intro-video-heading" className="text-2xl font-bold tracking-tight">
        Watch the introduction
      </h2>
      <div className="relative aspect-video overflow-hidden rounded-xl bg-stone-950 shadow-lg">
        {/* No poster and no preload: nothing competes with the page's first paint; the cover below stands in. */}
        <video
          ref={videoRef}
          src={src}
          controls={started}
          playsInline
          preload="none"
          className="absolute inset-0 size-full object-contain"
          aria-label="Course introduction video"
          onPlay={onPlay}
          onError={() => console.warn('The introduction video failed to load:', src)}
        />
        {!started ? (
          <button
            type="button"
            onClick={play}
            className="group absolute inset-0 flex items-center gap-4 bg-gradient-to-br from-orange-800 via-stone-900 to-stone-950 p-6 text-left text-white outline-hidden focus-visible:ring-4 focus-visible:ring-ring focus-visible:ring-inset sm:gap-6 sm:p-10"
          >
            <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-white text-stone-900 shadow-xl transition-transform group-hover:scale-105 group-focus-visible:scale-105 sm:size-20">
              <PlayIcon className="ml-1 size-6 fill-current sm:size-9" aria-hidden="true" />
            </span>
            <span className="space-y-1">
              <span className="block text-sm font-semibold tracking-wide text-orange-200 uppercase">
                Introduction
              </span>
              <span className="block text-lg font-bold text-balance sm:text-2xl">
                <span className="sr-only">Play the course introduction: </span>
                Meet your instructor and see how the course works
              </span>
            </span>
          </button>
        ) : null}
      </div>
    </section>
  );
}

function FreePreviewNotice({ freeCount }: { freeCount: number }) {
  return (
    <div className="flex gap-3 rounded-xl border border-success/40 bg-success/10 p-4 text-sm">
      <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Free preview:</strong> watch all {freeCount} lessons of the first
        section free, with no account and no card. Lessons marked{' '}
        <strong className="font-semibold">Free</strong> play right here.
      </p>
    </div>
  );
}

function PreviewThisCourseNotice() {
  return (
    <div className="flex gap-3 rounded-xl border border-border bg-muted p-4 text-sm">
      <EyeIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div>
        <p className="font-semibold">Preview this course</p>
        <p className="text-muted-foreground">
          Pick any open lesson below to play it. The first lesson of every section is open too; the rest
          unlock when you enroll.
        </p>
      </div>
    </div>
  );
}

function CourseLessons({ preview }: { preview: CoursePreview }) {
  // The introduction and the preview player never play at once: starting one pauses the other.
  const introRef = useRef<HTMLVideoElement>(null);
  const player = useCoursePlayer(preview.sections, { onPlay: () => introRef.current?.pause() });
  const playerRef = useRef<HTMLElement>(null);
  const freeCount = preview.sections.reduce(
    (sum, section) => sum + section.lessons.filter((lesson) => lesson.isFree).length,
    0,
  );

  const { selectLesson } = player;
  const onSelectLesson = useCallback(
    (lesson: PreviewLesson) => {
      if (!selectLesson(lesson)) return;
      const top = playerRef.current?.getBoundingClientRect().top ?? 0;
      // Bring the player into view when it is off screen (e.g. a lesson chosen far down the outline).
      if (top < 0 || top > window.innerHeight / 2) {
        const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        playerRef.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
      }
    },
    [selectLesson],
  );

  return (
    <>
      {/* The players hydrate each in a task of their own on the first view (docs/decisions.md, 101), and a
          play pressed before then is held and given again once they are (115). */}
      {preview.introVideoUrl ? (
        <HydrateLater near={INTRO_PLAYER_ID}>
          <IntroVideo src={preview.introVideoUrl} videoRef={introRef} onPlay={player.pause} />
        </HydrateLater>
      ) : null}
      <FreePreviewNotice freeCount={freeCount} />
      <HydrateLater near={PREVIEW_PLAYER_ID}>
        <CoursePlayerView player={player} region={pressRegion(PREVIEW_PLAYER_ID)} ref={playerRef} />
      </HydrateLater>
      <PreviewThisCourseNotice />
      <CourseContent
        sections={preview.sections}
        sectionCount={preview.sectionCount}
        lessonCount={preview.lessonCount}
        currentLessonId={player.lesson?.id ?? null}
        onSelectLesson={onSelectLesson}
      />
    </>
  );
}

/** Wide screens: keeps the free-analysis offer in view beside the long outline. */
function StickyAnalysisReminder() {
  return (
    <div className="sticky top-24 rounded-xl border border-border bg-card p-5 shadow-sm max-lg:hidden">
      <p className="font-semibold">Not sure where to start?</p>
      <p className="mt-1 text-sm text-muted-foreground">
        Send us a few photos and get a personal plan for your restaurant, free.
      </p>
      <Button asChild className="mt-4 w-full">
        <Link to="/consultation">Start my free analysis</Link>
      </Button>
    </div>
  );
}

function ContactSection() {
  return (
    <ServerMarkup
      as="section"
      id="contact"
      aria-labelledby="contact-heading"
      className={cn(
        'mt-12 rounded-2xl bg-stone-900 px-6 py-10 text-center text-stone-50 sm:px-10 dark:bg-stone-800',
        RENDERED_WHEN_NEAR,
      )}
    >
      <MessageCircleIcon className="mx-auto size-8 text-orange-300" aria-hidden="true" />
      <h2 id="contact-heading" className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">
        Questions before you start?
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-stone-300">
        Tell us about your restaurant. We answer every message personally, usually within one business day.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/contact">Contact Us</Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-stone-500 bg-transparent text-stone-50 hover:bg-stone-800 hover:text-white"
        >
          <Link to="/consultation">Book a Free Consultation</Link>
        </Button>
      </div>
    </ServerMarkup>
  );
}

export function CoursePage() {
  useDocumentTitle(`Restaurant Management Course: Why Customers Don't Come Back | ${SITE_NAME}`);
  // The outline is a large render: deferred, React renders it in slices once it arrives instead of in the
  // one synchronous task a query's update gets, which would block input on a slow phone.
  const preview = useDeferredValue(useCoursePreview());

  return (
    <div id="home" className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <CourseHero />
      <div className="mt-8 grid gap-8 lg:mt-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
        <div className="min-w-0 space-y-8">
          {preview.isPending ? (
            <CoursePageSkeleton />
          ) : preview.isError ? (
            <CourseOutlineError onRetry={() => void preview.refetch()} isRetrying={preview.isFetching} />
          ) : (
            <CourseLessons preview={preview.data} />
          )}
        </div>
        {/* Nothing to do in the browser but follow links: kept as drawn (docs/decisions.md, 109). */}
        <ServerMarkup as="aside" aria-label="Free analysis and instructor" className="flex flex-col gap-6">
          <FreeAnalysisCard />
          <InstructorCard />
          <StickyAnalysisReminder />
        </ServerMarkup>
      </div>
      <ContactSection />
    </div>
  );
}
