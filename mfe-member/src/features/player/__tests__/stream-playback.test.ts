import { describe, expect, it } from '@jest/globals';
import {
  chooseStreamMode,
  HLS_MIME_TYPE,
  initialPlaybackMode,
  ownPath,
  videoSourceFor,
} from '../lib/stream-playback';

describe('how a transcoded lesson plays', () => {
  it('plays the MP4 straight away when the lesson has no streams', () => {
    expect(initialPlaybackMode(null)).toBe('mp4');
    expect(videoSourceFor('mp4', { hlsUrl: null, mp4Url: '/api/video-stream/a.mp4' })).toBe(
      '/api/video-stream/a.mp4',
    );
  });

  it('uses the browser’s own HLS when it says it can, and hls.js otherwise', () => {
    expect(initialPlaybackMode('/api/lessons/1/hls/x/master.m3u8')).toBe('pending');
    const asked: string[] = [];
    expect(
      chooseStreamMode((type) => {
        asked.push(type);
        return 'maybe';
      }),
    ).toBe('hls-native');
    expect(asked).toEqual([HLS_MIME_TYPE]);
    expect(chooseStreamMode(() => 'probably')).toBe('hls-native');
    expect(chooseStreamMode(() => '')).toBe('hls-js');
  });

  it('gives the element the playlist natively, nothing while hls.js feeds it, and the MP4 after a fallback', () => {
    const urls = { hlsUrl: '/api/lessons/1/hls/x/master.m3u8', mp4Url: '/api/video-stream/a.mp4' };
    expect(videoSourceFor('pending', urls)).toBeUndefined();
    expect(videoSourceFor('hls-native', urls)).toBe(urls.hlsUrl);
    expect(videoSourceFor('hls-js', urls)).toBeUndefined();
    expect(videoSourceFor('mp4', urls)).toBe(urls.mp4Url);
  });

  it('takes streams and posters only from our own paths', () => {
    expect(ownPath('/api/lessons/1/poster?v=a')).toBe('/api/lessons/1/poster?v=a');
    expect(ownPath('//evil.example/master.m3u8')).toBeNull();
    expect(ownPath('https://evil.example/master.m3u8')).toBeNull();
    expect(ownPath('javascript:alert(1)')).toBeNull();
    expect(ownPath(null)).toBeNull();
    expect(ownPath(undefined)).toBeNull();
  });
});
