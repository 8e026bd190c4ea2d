import { describe, expect, it } from '@jest/globals';
import { getYouTubeVideoId, toYouTubeEmbedUrl } from '../lib/youtube';

const EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&modestbranding=1';

describe('YouTube links become privacy-enhanced embeds', () => {
  it.each([
    ['watch', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['watch with extra parameters', 'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s'],
    ['mobile watch', 'https://m.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['youtu.be short link', 'https://youtu.be/dQw4w9WgXcQ'],
    ['youtu.be short link with a start time', 'https://youtu.be/dQw4w9WgXcQ?t=10'],
    ['shorts', 'https://www.youtube.com/shorts/dQw4w9WgXcQ'],
    ['embed', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['privacy-enhanced embed', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
  ])('recognises the %s form', (_form, url) => {
    expect(toYouTubeEmbedUrl(url)).toBe(EMBED);
  });

  it.each([
    ['an empty string', ''],
    ['null', null],
    ['a file path', '/api/demo-video/intro.mp4'],
    ['not a URL', 'youtube dQw4w9WgXcQ'],
    ['another host', 'https://vimeo.com/watch?v=dQw4w9WgXcQ'],
    ['a look-alike host', 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['a watch link without an id', 'https://www.youtube.com/watch'],
    ['an id of the wrong length', 'https://youtu.be/abc'],
    ['an id with bad characters', 'https://www.youtube.com/embed/dQw4w9W<cQ'],
    ['a channel page', 'https://www.youtube.com/@somechannel'],
    ['a javascript: address', 'javascript:alert(1)//youtu.be/dQw4w9WgXcQ'],
  ])('returns null for %s', (_case, url) => {
    expect(toYouTubeEmbedUrl(url)).toBeNull();
  });

  it('extracts the video id', () => {
    expect(getYouTubeVideoId('https://youtu.be/a_b-c1D2e3F')).toBe('a_b-c1D2e3F');
  });
});
