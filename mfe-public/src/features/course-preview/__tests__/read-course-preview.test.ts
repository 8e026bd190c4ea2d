import { describe, expect, it } from '@jest/globals';
import { CoursePreviewSchema } from '@platform/contracts';
import { readCoursePreview } from '../lib/read-course-preview';

const LESSON = {
  id: 1,
  title: 'Welcome',
  content: 'How the course works',
  duration: 0.2,
  durationSeconds: 12,
  orderIndex: 0,
  isFree: true,
  kind: 'video',
  keyPoints: ['One section a day'],
  isOpen: true,
  videoUrl: '/api/demo-video/welcome.mp4',
};
const PREVIEW = {
  course: {
    id: 1,
    title: 'Restaurant Management Mastery',
    description: 'Eight sections',
    thumbnail: null,
    difficulty: 'beginner',
    price: 159700,
  },
  introVideoUrl: null,
  sectionCount: 1,
  lessonCount: 2,
  sections: [
    {
      id: 1,
      title: 'Free Preview Videos',
      description: 'Fifteen free lessons',
      orderIndex: 0,
      isFree: true,
      lessonCount: 2,
      lessons: [LESSON, { ...LESSON, id: 2, isOpen: false, videoUrl: null, kind: 'document' }],
    },
  ],
};

describe('the course preview read without zod', () => {
  it('accepts what the contract accepts, as it is', () => {
    expect(CoursePreviewSchema.parse(PREVIEW)).toEqual(PREVIEW);
    expect(readCoursePreview(PREVIEW)).toBe(PREVIEW);
  });

  it('refuses, as the contract does, an answer of another shape', () => {
    const broken = [
      null,
      [],
      { ...PREVIEW, sections: undefined },
      { ...PREVIEW, course: { ...PREVIEW.course, price: '1597' } },
      { ...PREVIEW, sections: [{ ...PREVIEW.sections[0], lessons: [{ ...LESSON, kind: 'audio' }] }] },
      { ...PREVIEW, sections: [{ ...PREVIEW.sections[0], lessons: [{ ...LESSON, keyPoints: [1] }] }] },
    ];
    for (const body of broken) {
      expect(CoursePreviewSchema.safeParse(body).success).toBe(false);
      expect(() => readCoursePreview(body)).toThrow('GET /api/course-preview');
    }
  });
});
