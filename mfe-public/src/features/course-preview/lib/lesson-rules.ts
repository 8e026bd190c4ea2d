/** The public course page's rules: which lesson a visitor may open, what it is, what plays next. */
import { toYouTubeEmbedUrl } from './youtube';

type LessonLike = {
  id: number;
  orderIndex: number;
  isFree: boolean;
  kind?: 'video' | 'youtube' | 'document';
  videoUrl: string | null;
};

type SectionLike<TLesson extends LessonLike> = {
  orderIndex: number;
  lessons: readonly TLesson[];
};

export type LessonMedia =
  | { type: 'video'; src: string }
  | { type: 'youtube'; embedUrl: string }
  | { type: 'document'; href: string | null };

/** Documents (.docx, .pdf) are offered for download and never played. */
export function isDocumentUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return /\.(docx|pdf)$/i.test(path);
}

export function isDocumentLesson(lesson: Pick<LessonLike, 'kind' | 'videoUrl'>): boolean {
  return lesson.kind === 'document' || isDocumentUrl(lesson.videoUrl);
}

function byOrderIndex<T extends { orderIndex: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.orderIndex - b.orderIndex);
}

/** A visitor may open a lesson when it is free or the first lesson of its section. */
export function isLessonOpen<TLesson extends LessonLike>(
  section: SectionLike<TLesson>,
  lesson: TLesson,
): boolean {
  if (lesson.isFree) return true;
  const first = byOrderIndex(section.lessons)[0];
  return first?.id === lesson.id;
}

/** What an open lesson shows; null when there is nothing to show (locked, no address). */
export function getLessonMedia(lesson: Pick<LessonLike, 'kind' | 'videoUrl'>): LessonMedia | null {
  if (isDocumentLesson(lesson)) return { type: 'document', href: lesson.videoUrl };
  if (!lesson.videoUrl) return null;
  const embedUrl = toYouTubeEmbedUrl(lesson.videoUrl);
  if (embedUrl) return { type: 'youtube', embedUrl };
  if (lesson.kind === 'youtube') return null;
  return { type: 'video', src: lesson.videoUrl };
}

/** Every lesson in course order: sections by orderIndex, then lessons by orderIndex. */
export function listLessonsInOrder<TLesson extends LessonLike>(
  sections: readonly SectionLike<TLesson>[],
): TLesson[] {
  return byOrderIndex(sections).flatMap((section) => byOrderIndex(section.lessons));
}

/** A free lesson the player can play (documents are never played); the address is read only when free. */
function isFreePlayable(lesson: LessonLike): boolean {
  if (!lesson.isFree) return false;
  const media = getLessonMedia(lesson);
  return media !== null && media.type !== 'document';
}

/** The free lessons the player can play, in course order. */
export function listFreePlayableLessons<TLesson extends LessonLike>(
  sections: readonly SectionLike<TLesson>[],
): TLesson[] {
  return listLessonsInOrder(sections).filter(isFreePlayable);
}

/** The player starts on the first free video (the page's first render: no lesson after it is read). */
export function getFirstFreeLesson<TLesson extends LessonLike>(
  sections: readonly SectionLike<TLesson>[],
): TLesson | null {
  return listLessonsInOrder(sections).find(isFreePlayable) ?? null;
}

/**
 * When a free lesson ends the next free one plays; after the last free lesson (or after a lesson that is
 * not free) playback stops: null.
 */
export function getNextFreeLesson<TLesson extends LessonLike>(
  sections: readonly SectionLike<TLesson>[],
  currentLessonId: number,
): TLesson | null {
  const free = listFreePlayableLessons(sections);
  const index = free.findIndex((lesson) => lesson.id === currentLessonId);
  if (index === -1) return null;
  return free[index + 1] ?? null;
}
