/** How a lesson's video address is read: kind, public address, file names and who may open it. */
import { describe, expect, it } from '@jest/globals';
import { hasPromotionalName, isPlainFileName } from '@platform/contracts';
import { lessonKind, mediaFileName, openLessonIds, publicMediaUrl } from '../lesson-media.js';

describe('lessonKind', () => {
  it.each([
    ['free-preview-1.mp4', 'video'],
    ['restaurant-goals-workbook.pdf', 'document'],
    ['attached_assets/Plan.DOCX', 'document'],
    ['https://cdn.example.com/files/menu.pdf?sig=1', 'document'],
    ['https://youtu.be/aqz-KE-bpKQ', 'youtube'],
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'youtube'],
    ['https://cdn.example.com/lesson.mp4', 'video'],
    [null, 'video'],
  ] as const)('%s is a %s', (url, kind) => {
    expect(lessonKind(url)).toBe(kind);
  });
});

describe('publicMediaUrl and mediaFileName', () => {
  it('puts files on the demo path by their name alone, and leaves links as they are', () => {
    expect(publicMediaUrl('free-preview-1.mp4')).toBe('/api/demo-video/free-preview-1.mp4');
    expect(publicMediaUrl('/attached_assets/My Intro (1).mp4')).toBe('/api/demo-video/My%20Intro%20(1).mp4');
    expect(publicMediaUrl('https://youtu.be/aqz-KE-bpKQ')).toBe('https://youtu.be/aqz-KE-bpKQ');
    expect(publicMediaUrl(null)).toBeNull();
    expect(publicMediaUrl('')).toBeNull();
    expect(mediaFileName('attached_assets/workbook.pdf?v=2')).toBe('workbook.pdf');
    expect(mediaFileName('https://youtu.be/aqz-KE-bpKQ')).toBeNull();
    expect(mediaFileName('folder/')).toBeNull();
  });
});

describe('file names on the demo path', () => {
  it('recognises promotional names whatever their case', () => {
    for (const name of ['DEMO.mp4', 'course-preview.mp4', 'Introduction.mp4', 'free-1.mp4']) {
      expect(hasPromotionalName(name)).toBe(true);
    }
    for (const name of ['member-lesson.mp4', 'restaurant-goals-workbook.pdf']) {
      expect(hasPromotionalName(name)).toBe(false);
    }
  });

  it('accepts plain names only', () => {
    for (const name of ['free-preview-1.mp4', 'My Intro (1).mp4', 'menu..v2.pdf']) {
      // `..` anywhere is refused, even where it would be harmless.
      expect(isPlainFileName(name)).toBe(!name.includes('..'));
    }
    for (const name of [
      '../x.mp4',
      'a/b.mp4',
      'a\\b.mp4',
      '.hidden.mp4',
      'free\0.mp4',
      '',
      'x'.repeat(201),
    ]) {
      expect(isPlainFileName(name)).toBe(false);
    }
  });
});

describe('openLessonIds', () => {
  it('opens free lessons and the lowest-ordered lesson of each section', () => {
    const open = openLessonIds([
      { id: 1, moduleId: 10, orderIndex: 1, isFree: true },
      { id: 2, moduleId: 10, orderIndex: 2, isFree: true },
      { id: 3, moduleId: 20, orderIndex: 5, isFree: false },
      { id: 4, moduleId: 20, orderIndex: 3, isFree: false },
      { id: 5, moduleId: 20, orderIndex: 9, isFree: false },
      { id: 6, moduleId: 30, orderIndex: 2, isFree: false },
      { id: 7, moduleId: 30, orderIndex: 4, isFree: true },
    ]);
    expect([...open].sort()).toEqual([1, 2, 4, 6, 7]);
  });
});
