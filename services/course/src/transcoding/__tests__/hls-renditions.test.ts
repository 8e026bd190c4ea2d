/** The transcoding rules without ffmpeg: which renditions, the master playlist, progress, and the probe. */
import { describe, expect, it } from '@jest/globals';
import {
  hlsArguments,
  masterPlaylist,
  measureRendition,
  parseVariantPlaylist,
  planRenditions,
  posterSeconds,
  progressPercent,
  progressSecondsOf,
} from '../hls-renditions.js';
import { readProbe } from '../probe-video.js';

describe('the renditions made from a source', () => {
  it('makes 360p and 720p from a 1080p source, and never more than the source has', () => {
    expect(planRenditions({ width: 1920, height: 1080 }).map((r) => [r.name, r.width, r.height])).toEqual([
      ['360p', 640, 360],
      ['720p', 1280, 720],
    ]);
    expect(planRenditions({ width: 1280, height: 720 }).map((r) => r.name)).toEqual(['360p', '720p']);
    // The shipped samples are 640x360: one rendition, not upscaled.
    expect(planRenditions({ width: 640, height: 360 }).map((r) => [r.name, r.width, r.height])).toEqual([
      ['360p', 640, 360],
    ]);
  });

  it('keeps a source between two steps at its own size, and a small one as it is', () => {
    expect(planRenditions({ width: 960, height: 540 }).map((r) => r.name)).toEqual(['360p', '540p']);
    expect(planRenditions({ width: 320, height: 240 }).map((r) => [r.name, r.width, r.height])).toEqual([
      ['240p', 320, 240],
    ]);
  });

  it('measures a portrait video by its short side', () => {
    expect(planRenditions({ width: 1080, height: 1920 }).map((r) => [r.name, r.width, r.height])).toEqual([
      ['360p', 360, 640],
      ['720p', 720, 1280],
    ]);
  });

  it('gives the larger rendition the higher bit rate', () => {
    const [low, high] = planRenditions({ width: 1280, height: 720 });
    expect(low!.videoBitrate).toBe(800_000);
    expect(high!.videoBitrate).toBeGreaterThan(2_500_000);
    expect(high!.videoBitrate).toBeLessThan(3_000_000);
  });

  it('maps sound only when the source has it', () => {
    const renditions = planRenditions({ width: 1280, height: 720 });
    const probe = { durationSeconds: 10, width: 1280, height: 720, frameRate: 30, hasAudio: false };
    const silent = hlsArguments({ input: 'in.mp4', outDir: 'out', probe, renditions });
    expect(silent).not.toContain('0:a:0');
    const withSound = hlsArguments({
      input: 'in.mp4',
      outDir: 'out',
      probe: { ...probe, hasAudio: true },
      renditions,
    });
    expect(withSound.filter((arg) => arg === '0:a:0')).toHaveLength(2);
    expect(withSound).toContain('out/720p/index.m3u8');
  });

  it('takes the poster a quarter in, at most 5 s', () => {
    expect(posterSeconds(12)).toBe(3);
    expect(posterSeconds(3600)).toBe(5);
    expect(posterSeconds(0)).toBe(0);
  });
});

describe('the master playlist', () => {
  it('lists each rendition with its measured bit rates, lowest first, with relative addresses', () => {
    const [low, high] = planRenditions({ width: 1280, height: 720 });
    const measured = [
      measureRendition(high!, [
        { seconds: 4, bytes: 1_500_000 },
        { seconds: 2, bytes: 500_000 },
      ]),
      measureRendition(low!, [{ seconds: 4, bytes: 400_000 }]),
    ];
    expect(measured[0]).toMatchObject({ peakBitrate: 3_000_000, averageBitrate: 2_666_667 });
    expect(masterPlaylist(measured, { hasAudio: true, frameRate: 25 })).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=800000,AVERAGE-BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d4028,mp4a.40.2",FRAME-RATE=25.000',
        '360p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=3000000,AVERAGE-BANDWIDTH=2666667,RESOLUTION=1280x720,CODECS="avc1.4d4028,mp4a.40.2",FRAME-RATE=25.000',
        '720p/index.m3u8',
        '',
      ].join('\n'),
    );
    expect(masterPlaylist(measured, { hasAudio: false, frameRate: null })).toContain(
      'CODECS="avc1.4d4028"\n',
    );
  });

  it('reads a media playlist’s segments', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:4',
      '#EXTINF:4.000000,',
      'seg-00000.ts',
      '#EXTINF:2.5,',
      'seg-00001.ts',
      '#EXT-X-ENDLIST',
    ].join('\n');
    expect(parseVariantPlaylist(text).segments).toEqual([
      { uri: 'seg-00000.ts', seconds: 4 },
      { uri: 'seg-00001.ts', seconds: 2.5 },
    ]);
  });
});

describe('progress and the probe', () => {
  it('reads ffmpeg’s progress lines into a percentage below 100', () => {
    expect(progressSecondsOf('out_time_us=5665667')).toBeCloseTo(5.665667);
    expect(progressSecondsOf('out_time_ms=3000000')).toBe(3);
    expect(progressSecondsOf('out_time=00:00:05.665667')).toBeNull();
    expect(progressSecondsOf('progress=continue')).toBeNull();
    expect(progressPercent(3, 12)).toBe(25);
    expect(progressPercent(12.04, 12)).toBe(99);
    expect(progressPercent(1, 0)).toBe(0);
  });

  it('reads the displayed size of a rotated, non-square-pixel video, and refuses a file without a picture', () => {
    const probe = readProbe({
      streams: [
        {
          codec_type: 'video',
          width: 1920,
          height: 1080,
          avg_frame_rate: '30000/1001',
          side_data_list: [{ rotation: -90 }],
        },
        { codec_type: 'audio' },
      ],
      format: { duration: '61.5' },
    });
    expect(probe).toEqual({
      durationSeconds: 61.5,
      width: 1080,
      height: 1920,
      frameRate: 30000 / 1001,
      hasAudio: true,
    });
    expect(
      readProbe({
        streams: [{ codec_type: 'video', width: 720, height: 576, sample_aspect_ratio: '16:11' }],
        format: { duration: '4' },
      }),
    ).toMatchObject({ width: 1047, height: 576, frameRate: null, hasAudio: false });
    expect(() => readProbe({ streams: [{ codec_type: 'audio' }], format: { duration: '3' } })).toThrow(
      'the file has no video stream',
    );
    expect(() => readProbe({ streams: [{ codec_type: 'video', width: 2, height: 2 }], format: {} })).toThrow(
      'the video has no duration',
    );
  });
});
