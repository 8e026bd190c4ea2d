/** Video-host links as the course service and the member player read them. */
import { describe, expect, it } from '@jest/globals';
import { vimeoVideoId, youTubeVideoId } from '../http/course/video-links.js';

describe('youTubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://youtube.com/watch?feature=share&v=aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://m.youtube.com/watch?v=aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/shorts/aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/embed/aqz-KE-bpKQ?rel=0', 'aqz-KE-bpKQ'],
    ['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://youtu.be/aqz-KE-bpKQ?t=30', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/channel/UCabcdef', null],
    ['https://www.youtube.com/watch', null],
    ['https://notyoutube.com/watch?v=aqz-KE-bpKQ', null],
    ['https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ', null],
    ['youtube.com/watch?v=aqz-KE-bpKQ', null],
    ['free-preview-1.mp4', null],
  ])('%s → %s', (url, id) => {
    expect(youTubeVideoId(url)).toBe(id);
  });
});

describe('vimeoVideoId', () => {
  it.each([
    ['https://vimeo.com/76979871', '76979871'],
    ['https://player.vimeo.com/video/76979871', '76979871'],
    ['https://vimeo.com/channels/staffpicks', null],
    ['https://vimeo.com.evil.example/76979871', null],
    ['vimeo.com/76979871', null],
  ])('%s → %s', (url, id) => {
    expect(vimeoVideoId(url)).toBe(id);
  });
});
