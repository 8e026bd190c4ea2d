/**
 * The preview player's state (docs/behaviour/public-site-and-catalogue.md#preview-player): it starts on the
 * first free video, not started; the play overlay starts it with sound; a chosen lesson replaces the source
 * and, once started, plays after 100 ms; when a free video ends the next free lesson follows, and after the
 * last one playback stops. It plays alone: starting it tells the page (`onPlay`, to pause the introduction),
 * and `pause` stops it when the introduction starts.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { PreviewLesson, PreviewSection } from '../api/get-course-preview';
import { getFirstFreeLesson, getLessonMedia, getNextFreeLesson, isLessonOpen } from './lesson-rules';
import type { LessonMedia } from './lesson-rules';

export const AUTOPLAY_DELAY_MS = 100;

export type CoursePlayer = {
  lesson: PreviewLesson | null;
  section: PreviewSection | null;
  media: LessonMedia | null;
  started: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Click on the play overlay: start with sound. */
  start: () => void;
  /** The video element began to play (by its controls, a new lesson or the overlay). */
  onVideoPlay: () => void;
  /** Another player on the page started: pause a video; close a YouTube embed (it has no pause from here). */
  pause: () => void;
  /** Open a lesson from the outline; returns false when a visitor may not play it. */
  selectLesson: (lesson: PreviewLesson) => boolean;
  onVideoEnded: () => void;
};

function findSection(sections: readonly PreviewSection[], lessonId: number | null): PreviewSection | null {
  if (lessonId === null) return null;
  return sections.find((section) => section.lessons.some((lesson) => lesson.id === lessonId)) ?? null;
}

export function canPlayLesson(section: PreviewSection, lesson: PreviewLesson): boolean {
  const media = getLessonMedia(lesson);
  return isLessonOpen(section, lesson) && media !== null && media.type !== 'document';
}

function playVideo(video: HTMLVideoElement | null) {
  if (!video) return;
  video.muted = false;
  // Autoplay may be refused (no user gesture yet): the visitor then presses play. Logged only.
  video.play().catch((error: unknown) => console.warn('Video playback did not start:', error));
}

export function useCoursePlayer(
  sections: readonly PreviewSection[],
  options: { onPlay?: () => void } = {},
): CoursePlayer {
  const [lessonId, setLessonId] = useState<number | null>(() => getFirstFreeLesson(sections)?.id ?? null);
  const [started, setStarted] = useState(false);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const onPlayRef = useRef(options.onPlay);
  useEffect(() => {
    onPlayRef.current = options.onPlay;
  });

  const section = useMemo(() => findSection(sections, lessonId), [sections, lessonId]);
  const lesson = section?.lessons.find((item) => item.id === lessonId) ?? null;
  const media = lesson ? getLessonMedia(lesson) : null;

  // A new source once started: play it after a short pause, so the element has taken the new src.
  useEffect(() => {
    if (!started || lessonId === null) return;
    const timer = setTimeout(() => playVideo(videoRef.current), AUTOPLAY_DELAY_MS);
    return () => clearTimeout(timer);
    // Only a change of lesson triggers autoplay; `start` plays the first one itself.
  }, [started, lessonId]);

  const start = useCallback(() => {
    setStarted(true);
    // A YouTube embed plays without a play event here: tell the page now.
    onPlayRef.current?.();
    playVideo(videoRef.current);
  }, []);

  const onVideoPlay = useCallback(() => onPlayRef.current?.(), []);

  const isEmbed = media?.type === 'youtube';
  const pause = useCallback(() => {
    if (isEmbed) setStarted(false);
    else videoRef.current?.pause();
  }, [isEmbed]);

  const selectLesson = useCallback(
    (next: PreviewLesson) => {
      const nextSection = findSection(sections, next.id);
      if (!nextSection || !canPlayLesson(nextSection, next)) return false;
      if (next.id === lessonId && started) playVideo(videoRef.current);
      setLessonId(next.id);
      return true;
    },
    [sections, lessonId, started],
  );

  const onVideoEnded = useCallback(() => {
    if (lessonId === null) return;
    const next = getNextFreeLesson(sections, lessonId);
    if (next) setLessonId(next.id);
  }, [sections, lessonId]);

  return { lesson, section, media, started, videoRef, start, onVideoPlay, pause, selectLesson, onVideoEnded };
}
