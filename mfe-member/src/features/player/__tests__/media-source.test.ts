import { describe, expect, it } from '@jest/globals';
import { vimeoVideoId, youTubeVideoId } from '@platform/contracts/video-links';
import { getLessonMedia, getPlayerKey } from '../lib/media-source';

describe('lesson media by the link form', () => {
  it('embeds YouTube watch, short, embed and youtu.be links, starting at the resume point', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      'https://youtu.be/aqz-KE-bpKQ',
      'https://m.youtube.com/shorts/aqz-KE-bpKQ',
      'https://www.youtube.com/embed/aqz-KE-bpKQ?rel=0',
    ]) {
      expect(youTubeVideoId(link)).toBe('aqz-KE-bpKQ');
    }
    expect(getLessonMedia('https://www.youtube.com/watch?v=aqz-KE-bpKQ', 42.7)).toEqual({
      type: 'embed',
      host: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0&playsinline=1&start=42',
    });
    expect(getLessonMedia('https://youtu.be/aqz-KE-bpKQ')).toMatchObject({
      embedUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0&playsinline=1',
    });
  });

  it('embeds Vimeo links', () => {
    expect(vimeoVideoId('https://vimeo.com/76979871')).toBe('76979871');
    expect(vimeoVideoId('https://player.vimeo.com/video/76979871')).toBe('76979871');
    expect(getLessonMedia('https://vimeo.com/76979871', 5)).toEqual({
      type: 'embed',
      host: 'vimeo',
      embedUrl: 'https://player.vimeo.com/video/76979871?dnt=1#t=5s',
    });
  });

  it('does not take look-alike hosts for video hosts', () => {
    expect(youTubeVideoId('https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ')).toBeNull();
    expect(youTubeVideoId('https://www.youtube.com/watch?v=')).toBeNull();
    expect(vimeoVideoId('https://vimeo.com/channels/staffpicks')).toBeNull();
  });

  it('plays stored mp4, webm and mov files in the native player', () => {
    for (const src of [
      '/api/video-stream/member-lesson.mp4',
      '/api/video-stream/clip.WEBM',
      '/api/video-stream/clip.mov',
      'https://cdn.example.com/lesson.mp4?token=1',
    ]) {
      expect(getLessonMedia(src)).toEqual({ type: 'video', src });
    }
  });

  it('offers pdf, doc and docx files as a download card with the file name', () => {
    expect(getLessonMedia('/api/video-stream/restaurant-goals-workbook.pdf')).toEqual({
      type: 'document',
      href: '/api/video-stream/restaurant-goals-workbook.pdf',
      fileName: 'restaurant-goals-workbook.pdf',
    });
    expect(getLessonMedia('/api/video-stream/menu%20plan.docx')).toMatchObject({
      type: 'document',
      fileName: 'menu plan.docx',
    });
    expect(getLessonMedia('https://files.example.com/sheet.doc')).toMatchObject({ type: 'document' });
  });

  it('shows nothing for no address, and never plays script or data addresses', () => {
    expect(getLessonMedia(null)).toBeNull();
    expect(getLessonMedia('   ')).toBeNull();
    expect(getLessonMedia('javascript:alert(1)')).toBeNull();
    expect(getLessonMedia('data:video/mp4;base64,AAAA')).toBeNull();
  });

  it('links out to an unknown web page instead of playing it', () => {
    expect(getLessonMedia('https://example.com/lesson')).toEqual({
      type: 'link',
      href: 'https://example.com/lesson',
    });
  });
});

describe('which player a lesson gets', () => {
  it('is a new player when the studio gives the lesson another video or captions', () => {
    const before = {
      id: 7,
      videoUrl: '/api/video-stream/free-preview-1.mp4',
      captionsUrl: '/api/video-stream/free-preview-1.vtt',
    };
    expect(getPlayerKey({ ...before })).toBe(getPlayerKey(before));
    expect(getPlayerKey({ ...before, videoUrl: '/api/video-stream/member-lesson.mp4' })).not.toBe(
      getPlayerKey(before),
    );
    expect(getPlayerKey({ ...before, captionsUrl: '/api/video-stream/member-lesson.vtt' })).not.toBe(
      getPlayerKey(before),
    );
    expect(getPlayerKey({ ...before, id: 8 })).not.toBe(getPlayerKey(before));
  });
});
