import { describe, expect, it } from '@jest/globals';
import {
  getFirstFreeLesson,
  getLessonMedia,
  getNextFreeLesson,
  isDocumentLesson,
  isDocumentUrl,
  isLessonOpen,
  listFreePlayableLessons,
} from '../lib/lesson-rules';

type Lesson = {
  id: number;
  orderIndex: number;
  isFree: boolean;
  kind: 'video' | 'youtube' | 'document';
  videoUrl: string | null;
};

function lesson(id: number, orderIndex: number, overrides: Partial<Lesson> = {}): Lesson {
  return {
    id,
    orderIndex,
    isFree: false,
    kind: 'video',
    videoUrl: `/api/demo-video/${id}.mp4`,
    ...overrides,
  };
}

// Given out of order on purpose: the rules sort by orderIndex.
const sections = [
  {
    orderIndex: 2,
    lessons: [
      lesson(21, 1, { videoUrl: null }),
      lesson(20, 0),
      lesson(22, 2, { kind: 'document', videoUrl: null }),
    ],
  },
  {
    orderIndex: 1,
    lessons: [
      lesson(11, 1, { isFree: true }),
      lesson(10, 0, { isFree: true }),
      lesson(12, 2, { isFree: true, kind: 'document', videoUrl: '/api/demo-video/guide.pdf' }),
      lesson(13, 3, { isFree: true, kind: 'youtube', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
      lesson(14, 4, { isFree: true }),
    ],
  },
];

describe('documents', () => {
  it.each([
    ['/files/bonus.docx', true],
    ['/files/BONUS.PDF', true],
    ['/files/bonus.pdf?download=1', true],
    ['/files/bonus.pdf#page=2', true],
    ['/api/demo-video/intro.mp4', false],
    ['/files/pdf-guide.mp4', false],
    ['', false],
    [null, false],
  ])('%s is a document: %s', (url, expected) => {
    expect(isDocumentUrl(url)).toBe(expected);
  });

  it('treats a lesson of kind document as a document even without an address', () => {
    expect(isDocumentLesson({ kind: 'document', videoUrl: null })).toBe(true);
    expect(getLessonMedia({ kind: 'document', videoUrl: null })).toEqual({ type: 'document', href: null });
  });

  it('never plays a .pdf or .docx, whatever the kind says', () => {
    expect(getLessonMedia({ kind: 'video', videoUrl: '/x/handout.docx' })).toEqual({
      type: 'document',
      href: '/x/handout.docx',
    });
  });
});

describe('what a lesson shows', () => {
  it('plays a file in the video element', () => {
    expect(getLessonMedia({ kind: 'video', videoUrl: '/api/demo-video/a.mp4' })).toEqual({
      type: 'video',
      src: '/api/demo-video/a.mp4',
    });
  });

  it('embeds a YouTube link', () => {
    expect(
      getLessonMedia({ kind: 'youtube', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
    ).toEqual({
      type: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&modestbranding=1',
    });
  });

  it('shows nothing for a locked lesson (no address) or an unrecognised YouTube link', () => {
    expect(getLessonMedia({ kind: 'video', videoUrl: null })).toBeNull();
    expect(getLessonMedia({ kind: 'youtube', videoUrl: 'https://example.com/clip' })).toBeNull();
  });
});

describe('a visitor may open a lesson when it is free or first in its section', () => {
  const [paid, free] = sections;

  it('opens every free lesson', () => {
    for (const item of free!.lessons) expect(isLessonOpen(free!, item)).toBe(true);
  });

  it('opens the first lesson of a paid section by orderIndex, not by array position', () => {
    expect(isLessonOpen(paid!, paid!.lessons[1]!)).toBe(true);
    expect(isLessonOpen(paid!, paid!.lessons[0]!)).toBe(false);
    expect(isLessonOpen(paid!, paid!.lessons[2]!)).toBe(false);
  });
});

describe('the free preview plays in order', () => {
  it('lists the free playable lessons in course order, skipping documents', () => {
    expect(listFreePlayableLessons(sections).map((item) => item.id)).toEqual([10, 11, 13, 14]);
  });

  it('starts on the first free video', () => {
    expect(getFirstFreeLesson(sections)?.id).toBe(10);
    expect(getFirstFreeLesson([])).toBeNull();
  });

  it('moves to the next free lesson when one ends, and stops after the last', () => {
    expect(getNextFreeLesson(sections, 10)?.id).toBe(11);
    expect(getNextFreeLesson(sections, 11)?.id).toBe(13);
    expect(getNextFreeLesson(sections, 13)?.id).toBe(14);
    expect(getNextFreeLesson(sections, 14)).toBeNull();
  });

  it('does not continue after a lesson that is not free', () => {
    expect(getNextFreeLesson(sections, 20)).toBeNull();
    expect(getNextFreeLesson(sections, 999)).toBeNull();
  });
});
