/**
 * What a lesson video becomes (docs/behaviour/course-studio.md#adaptive-streaming): the renditions to make
 * from what ffprobe says about the source, ffmpeg's arguments for them, and the master playlist. Pure, so
 * the rules are tested without running ffmpeg.
 */

/** What the transcoder needs to know about a source video (see probe-video.ts). */
export interface VideoProbe {
  durationSeconds: number;
  /** Displayed size: rotation and non-square pixels already applied. */
  width: number;
  height: number;
  /** Frames per second, when the source says. */
  frameRate: number | null;
  hasAudio: boolean;
}

export interface Rendition {
  /** Folder and label, after the short side: `360p`. */
  name: string;
  width: number;
  height: number;
  /** Target video bit rate, bits per second. */
  videoBitrate: number;
}

/** The ladder; a smaller source gets only the steps it reaches (never upscaled), or one at its own size. */
export const RENDITION_STEPS = [360, 720] as const;
export const SEGMENT_SECONDS = 4;
/** Key frames this often, so every rendition's segments start together and the player can switch. */
export const KEYFRAME_SECONDS = 2;
export const AUDIO_BITRATE = 128_000;
/** H.264 Main at level 4.0 and AAC-LC: what every HLS player of the last decade decodes. */
export const VIDEO_CODEC_TAG = 'avc1.4d4028';
export const AUDIO_CODEC_TAG = 'mp4a.40.2';

export const MASTER_PLAYLIST = 'master.m3u8';
export const VARIANT_PLAYLIST = 'index.m3u8';
export const POSTER_FILE = 'poster.jpg';

const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/** 800 kbit/s at 360p, about 2.8 Mbit/s at 720p, in between for a source that stops between steps. */
function videoBitrateFor(shortSide: number): number {
  return Math.round((800_000 * (shortSide / 360) ** 1.8) / 1000) * 1000;
}

/** The renditions for a source: each step up to the source's short side, or the source's own size. */
export function planRenditions(probe: Pick<VideoProbe, 'width' | 'height'>): Rendition[] {
  const { width, height } = probe;
  if (!(width > 0 && height > 0)) throw new Error('the source has no picture size');
  const portrait = height > width;
  const shortSide = Math.min(width, height);
  const sides = RENDITION_STEPS.filter((step) => step <= shortSide) as number[];
  // Between two steps (540p), the source's own size is the top rendition rather than nothing above 360p.
  const top = even(shortSide);
  if (sides.length === 0 || (top > sides[sides.length - 1]! && sides.length < RENDITION_STEPS.length)) {
    sides.push(top);
  }
  return sides.map((side) => {
    const longSide = even((side * Math.max(width, height)) / shortSide);
    return {
      name: `${side}p`,
      width: portrait ? side : longSide,
      height: portrait ? longSide : side,
      videoBitrate: videoBitrateFor(side),
    };
  });
}

/** Where the poster frame is taken: a quarter in, at most 5 s (past a fade-in, still the title card). */
export function posterSeconds(durationSeconds: number): number {
  return Math.max(0, Math.min(5, durationSeconds / 4));
}

/**
 * One ffmpeg run: the source decoded once, split into each rendition, each written as an HLS VOD
 * playlist with its segments in `outDir/<name>/`; progress as key=value lines on stdout.
 */
export function hlsArguments(options: {
  input: string;
  outDir: string;
  probe: VideoProbe;
  renditions: Rendition[];
}): string[] {
  const { input, outDir, probe, renditions } = options;
  const split = renditions.map((_, index) => `[s${index}]`).join('');
  const scales = renditions
    .map((rendition, index) => `[s${index}]scale=${rendition.width}:${rendition.height}[v${index}]`)
    .join(';');
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-progress',
    'pipe:1',
    '-nostats',
    '-i',
    input,
    '-filter_complex',
    `[0:v:0]split=${renditions.length}${split};${scales}`,
  ];
  renditions.forEach((rendition, index) => {
    args.push('-map', `[v${index}]`);
    if (probe.hasAudio) args.push('-map', '0:a:0', '-c:a', 'aac', '-b:a', String(AUDIO_BITRATE), '-ac', '2');
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'main',
      '-level:v',
      '4.0',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      String(rendition.videoBitrate),
      '-maxrate',
      String(Math.round(rendition.videoBitrate * 1.07)),
      '-bufsize',
      String(Math.round(rendition.videoBitrate * 1.5)),
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_flags',
      'independent_segments',
      '-hls_segment_filename',
      `${outDir}/${rendition.name}/seg-%05d.ts`,
      `${outDir}/${rendition.name}/${VARIANT_PLAYLIST}`,
    );
  });
  return args;
}

/** The poster frame: one JPEG at the top rendition's size. */
export function posterArguments(options: {
  input: string;
  output: string;
  atSeconds: number;
  size: { width: number; height: number };
}): string[] {
  const { input, output, atSeconds, size } = options;
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-ss',
    atSeconds.toFixed(3),
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    `scale=${size.width}:${size.height}`,
    '-q:v',
    '3',
    output,
  ];
}

export interface VariantPlaylist {
  /** Segment file names in order, as the playlist names them. */
  segments: { uri: string; seconds: number }[];
}

/** Reads an HLS media playlist's segments (`#EXTINF:<seconds>,` followed by the URI line). */
export function parseVariantPlaylist(text: string): VariantPlaylist {
  const segments: VariantPlaylist['segments'] = [];
  let pending: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line !== '' && !line.startsWith('#')) {
      segments.push({ uri: line, seconds: Number.isFinite(pending) ? pending! : 0 });
      pending = null;
    }
  }
  return { segments };
}

export interface MeasuredRendition extends Rendition {
  /** Highest bit rate of one segment, bits per second (the master's BANDWIDTH). */
  peakBitrate: number;
  /** Whole playlist: bytes × 8 ÷ seconds. */
  averageBitrate: number;
}

/** Peak and average bit rates of a rendition from its segments' sizes and durations. */
export function measureRendition(
  rendition: Rendition,
  segments: { seconds: number; bytes: number }[],
): MeasuredRendition {
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  for (const segment of segments) {
    bytes += segment.bytes;
    seconds += segment.seconds;
    if (segment.seconds > 0) peak = Math.max(peak, (segment.bytes * 8) / segment.seconds);
  }
  const average = seconds > 0 ? (bytes * 8) / seconds : 0;
  return { ...rendition, peakBitrate: Math.ceil(peak || average), averageBitrate: Math.ceil(average) };
}

/** The master playlist: one variant per rendition, lowest first, with relative URIs. */
export function masterPlaylist(
  renditions: MeasuredRendition[],
  options: { hasAudio: boolean; frameRate: number | null },
): string {
  const codecs = options.hasAudio ? `${VIDEO_CODEC_TAG},${AUDIO_CODEC_TAG}` : VIDEO_CODEC_TAG;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rendition of [...renditions].sort((a, b) => a.peakBitrate - b.peakBitrate)) {
    const attributes = [
      `BANDWIDTH=${rendition.peakBitrate}`,
      `AVERAGE-BANDWIDTH=${rendition.averageBitrate}`,
      `RESOLUTION=${rendition.width}x${rendition.height}`,
      `CODECS="${codecs}"`,
      ...(options.frameRate ? [`FRAME-RATE=${options.frameRate.toFixed(3)}`] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, `${rendition.name}/${VARIANT_PLAYLIST}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Reads one `key=value` block line of ffmpeg's `-progress` output into seconds of output written, or
 * null for any other line. (`out_time_ms` is in microseconds too, despite its name.)
 */
export function progressSecondsOf(line: string): number | null {
  const match = /^out_time_(?:us|ms)=(\d+)\s*$/.exec(line);
  return match ? Number(match[1]) / 1_000_000 : null;
}

/** 0–99 while running (100 is for done), from the seconds written so far. */
export function progressPercent(seconds: number, durationSeconds: number): number {
  if (!(durationSeconds > 0) || !(seconds > 0)) return 0;
  return Math.max(0, Math.min(99, Math.floor((seconds / durationSeconds) * 100)));
}
