import { describe, expect, it } from '@jest/globals';
import { COURSE_STUDIO_MESSAGES, checkLessonMedia } from '@platform/contracts';
import type { StudioLesson, StudioSection } from '@platform/contracts';
import { applyReorder } from '../api/change-outline';
import {
  checkLessonForm,
  checkSectionForm,
  parseDuration,
  sameLessonSave,
  splitKeyPoints,
  toLessonFormValues,
  toUpdateLessonRequest,
  toUpdateModuleRequest,
} from '../lib/lesson-form';
import { appendId, moveId } from '../lib/reorder';
import { describeTranscode } from '../lib/transcode-state';

function lesson(id: number, moduleId: number, extra: Partial<StudioLesson> = {}): StudioLesson {
  return {
    id,
    moduleId,
    title: `Lesson ${id}`,
    content: '',
    videoUrl: null,
    kind: 'video',
    mediaUrl: null,
    captionsFile: null,
    orderIndex: id,
    duration: 4.6,
    durationSeconds: 276,
    isFree: false,
    keyPoints: [],
    isPublished: true,
    hlsUrl: null,
    posterUrl: null,
    transcode: null,
    version: 1,
    updatedAt: '2031-01-01T00:00:00.000Z',
    ...extra,
  };
}

function section(id: number, lessons: StudioLesson[]): StudioSection {
  return {
    id,
    courseId: 1,
    title: `Section ${id}`,
    description: '',
    orderIndex: id,
    availableAfterDays: id - 1,
    isPublished: true,
    version: 1,
    lessons,
  };
}

describe('the course editor’s forms', () => {
  it('reads a number field as the spec does: a whole number, 0 when empty or unreadable', () => {
    expect(parseDuration('12')).toBe(12);
    expect(parseDuration(' 7 min')).toBe(7);
    expect(parseDuration('4.9')).toBe(4);
    expect(parseDuration('')).toBe(0);
    expect(parseDuration('abc')).toBe(0);
    expect(parseDuration('-3')).toBe(-3);
  });

  it('turns a lesson into its form and back into the call’s body', () => {
    const values = toLessonFormValues(
      lesson(3, 1, {
        keyPoints: ['One', 'Two'],
        videoUrl: 'member-lesson.mp4',
        captionsFile: 'member-lesson.vtt',
        version: 4,
      }),
    );
    expect(values).toMatchObject({ keyPoints: 'One\nTwo', videoUrl: 'member-lesson.mp4', version: 4 });
    // The length is the media's: the form has no field for it and the body sends none.
    expect(values).not.toHaveProperty('duration');
    expect(
      toUpdateLessonRequest({
        ...values,
        title: '  New title ',
        keyPoints: 'One\n\n  Three  \n',
      }),
    ).toEqual({
      title: 'New title',
      videoUrl: 'member-lesson.mp4',
      content: '',
      keyPoints: ['One', 'Three'],
      captionsFile: 'member-lesson.vtt',
      isFree: false,
      isPublished: true,
      // The version the form was loaded from: the server refuses the save when another came since.
      version: 4,
    });
    expect(splitKeyPoints('\n\n')).toEqual([]);
  });

  it('tells a save found stored after a lost answer, captions the server chose for a new video aside', () => {
    const loaded = toLessonFormValues(
      lesson(7, 1, { videoUrl: 'old-lesson.mp4', captionsFile: 'old-lesson.vtt', version: 3 }),
    );
    const sent = { ...loaded, videoUrl: 'new-lesson.mp4', title: 'Costing a menu' };
    const stored = (extra: Partial<StudioLesson>) =>
      toLessonFormValues(
        lesson(7, 1, { videoUrl: 'new-lesson.mp4', title: 'Costing a menu', version: 4, ...extra }),
      );
    // The new video came with its own captions, or none: the server's choice, the same save.
    expect(sameLessonSave(sent, stored({ captionsFile: 'new-lesson.vtt' }), loaded)).toBe(true);
    expect(sameLessonSave(sent, stored({ captionsFile: null }), loaded)).toBe(true);
    // Captions the admin chose with the new video are the form's own: they must be what is stored.
    const chosen = { ...sent, captionsFile: 'chosen.vtt' };
    expect(sameLessonSave(chosen, stored({ captionsFile: 'chosen.vtt' }), loaded)).toBe(true);
    expect(sameLessonSave(chosen, stored({ captionsFile: null }), loaded)).toBe(false);
    // The same video: captions are compared, and so is everything else.
    const sameVideo = { ...loaded, title: 'Costing a menu' };
    const unchangedVideo = (extra: Partial<StudioLesson>) => stored({ videoUrl: 'old-lesson.mp4', ...extra });
    expect(sameLessonSave(sameVideo, unchangedVideo({ captionsFile: 'old-lesson.vtt' }), loaded)).toBe(true);
    expect(sameLessonSave(sameVideo, unchangedVideo({ captionsFile: null }), loaded)).toBe(false);
    expect(sameLessonSave(sent, stored({ title: 'Another title' }), loaded)).toBe(false);
  });

  it('checks what the server would refuse before sending', () => {
    const values = toLessonFormValues(lesson(3, 1));
    expect(checkLessonForm(values)).toEqual({});
    expect(
      checkLessonForm({
        ...values,
        title: ' ',
        videoUrl: 'https://example.com/clip.mp4',
        captionsFile: 'captions.srt',
      }),
    ).toEqual({
      title: COURSE_STUDIO_MESSAGES.titleRequired,
      videoUrl: COURSE_STUDIO_MESSAGES.videoLinkHost,
      captionsFile: COURSE_STUDIO_MESSAGES.captions,
    });
    expect(
      checkSectionForm({
        title: 'Ok',
        description: '',
        availableAfterDays: '400',
        isPublished: true,
        version: 1,
      }),
    ).toEqual({
      availableAfterDays: COURSE_STUDIO_MESSAGES.releaseDay,
    });
    expect(
      toUpdateModuleRequest({
        title: ' Day 1 ',
        description: ' Intro ',
        availableAfterDays: '',
        isPublished: false,
        version: 2,
      }),
    ).toEqual({
      title: 'Day 1',
      description: 'Intro',
      availableAfterDays: 0,
      isPublished: false,
      version: 2,
    });
  });

  it('accepts the media the spec allows and nothing else', () => {
    expect(checkLessonMedia('https://youtu.be/aqz-KE-bpKQ')).toMatchObject({ ok: true, kind: 'youtube' });
    expect(checkLessonMedia('https://player.vimeo.com/video/76979871')).toMatchObject({
      ok: true,
      kind: 'vimeo',
    });
    expect(checkLessonMedia('lesson-abc.webm')).toMatchObject({ ok: true, source: 'file', kind: 'video' });
    expect(checkLessonMedia('Workbook.DOCX')).toMatchObject({ ok: true, kind: 'document' });
    expect(checkLessonMedia('course-media/lesson.mov')).toMatchObject({ ok: true, value: 'lesson.mov' });
    expect(checkLessonMedia('')).toEqual({ ok: true, value: null });
    expect(checkLessonMedia('notes.txt')).toMatchObject({ ok: false });
    expect(checkLessonMedia('a/b.mp4')).toEqual({ ok: false, message: COURSE_STUDIO_MESSAGES.fileName });
  });
});

describe('reordering', () => {
  it('moves one id to where another is', () => {
    expect(moveId([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(moveId([1, 2, 3, 4], 4, 1)).toEqual([4, 1, 2, 3]);
    expect(moveId([1, 2, 3], 2, 9)).toEqual([1, 2, 3]);
    expect(appendId([5, 6], 2)).toEqual([5, 6, 2]);
    expect(appendId([5, 2, 6], 2)).toEqual([5, 6, 2]);
  });

  it('shows a new order at once, a moved lesson in its new section only', () => {
    const list = [section(1, [lesson(1, 1), lesson(2, 1)]), section(2, [lesson(3, 2)])];
    expect(applyReorder(list, { kind: 'sections', moduleIds: [2, 1] }).map((item) => item.id)).toEqual([
      2, 1,
    ]);
    const moved = applyReorder(list, { kind: 'lessons', moduleId: 2, lessonIds: [3, 1] });
    expect(moved[0]!.lessons.map((item) => item.id)).toEqual([2]);
    expect(moved[1]!.lessons.map((item) => [item.id, item.moduleId])).toEqual([
      [3, 2],
      [1, 2],
    ]);
  });
});

describe('transcoding state', () => {
  it('says where the adaptive-streaming renditions stand', () => {
    expect(describeTranscode({ hlsUrl: null, transcode: null })).toBeNull();
    expect(
      describeTranscode({ hlsUrl: null, transcode: { status: 'queued', progress: 0, error: null } }),
    ).toEqual({ label: 'Waiting to transcode', tone: 'busy' });
    expect(
      describeTranscode({ hlsUrl: null, transcode: { status: 'queued', progress: 45, error: null } }),
    ).toEqual({ label: 'Transcoding 45%', tone: 'busy' });
    expect(
      describeTranscode({ hlsUrl: null, transcode: { status: 'failed', progress: 10, error: 'boom' } }),
    ).toEqual({ label: 'Transcoding failed', tone: 'failed' });
    expect(
      describeTranscode({
        hlsUrl: 'course-media/hls/1/x/master.m3u8',
        transcode: { status: 'done', progress: 100, error: null },
      }),
    ).toEqual({ label: 'Adaptive streaming ready', tone: 'ready' });
  });
});
