/** ffprobe on a video file: its real duration, displayed picture size, frame rate and whether it has sound. */
import { mediaBinaries, MediaToolError, runMediaTool } from './ffmpeg.js';
import type { VideoProbe } from './hls-renditions.js';

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number | string }[];
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string };
}

function ratio(value: string | undefined): number | null {
  const match = /^(\d+)[:/](\d+)$/.exec(value ?? '');
  if (!match) return null;
  const [num, den] = [Number(match[1]), Number(match[2])];
  return num > 0 && den > 0 ? num / den : null;
}

function rotationOf(stream: ProbeStream): number {
  const fromSideData = stream.side_data_list?.find((entry) => entry.rotation !== undefined)?.rotation;
  const degrees = Number(fromSideData ?? stream.tags?.rotate ?? 0);
  return Number.isFinite(degrees) ? Math.abs(Math.round(degrees)) % 180 : 0;
}

/** Reads ffprobe's JSON; throws when there is no picture or no duration (not a playable video). */
export function readProbe(output: ProbeOutput): VideoProbe {
  const streams = output.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && (stream.width ?? 0) > 0);
  if (!video) throw new MediaToolError('ffprobe', 'the file has no video stream');
  const duration = Number(output.format?.duration ?? video.duration);
  if (!(duration > 0)) throw new MediaToolError('ffprobe', 'the video has no duration');
  const pixelAspect = ratio(video.sample_aspect_ratio) ?? 1;
  let width = (video.width ?? 0) * pixelAspect;
  let height = video.height ?? 0;
  // ffmpeg turns a rotated phone video upright while decoding: plan with the upright size.
  if (rotationOf(video) === 90) [width, height] = [height, width];
  const frameRate = ratio(video.avg_frame_rate) ?? ratio(video.r_frame_rate);
  return {
    durationSeconds: duration,
    width: Math.round(width),
    height: Math.round(height),
    frameRate: frameRate && frameRate <= 240 ? frameRate : null,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
  };
}

export async function probeVideo(file: string, signal?: AbortSignal): Promise<VideoProbe> {
  const json = await runMediaTool(
    mediaBinaries().ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { signal },
  );
  let parsed: ProbeOutput;
  try {
    parsed = JSON.parse(json) as ProbeOutput;
  } catch {
    throw new MediaToolError('ffprobe', 'ffprobe gave no readable answer');
  }
  return readProbe(parsed);
}
