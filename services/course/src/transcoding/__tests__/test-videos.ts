/** Videos made for the transcoding suites with the packaged ffmpeg, and ffprobe over the service's routes. */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { mediaBinaries, runMediaTool } from '../ffmpeg.js';

/** Runs the packaged ffmpeg with `args`, quietly (errors only), overwriting its output. */
const runFfmpeg = (args: string[]) =>
  runMediaTool(mediaBinaries().ffmpeg, ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args]);

/** A test card with a tone: `seconds` long, at the given size and frame rate, H.264 + AAC in MP4. */
export async function makeTestVideo(
  file: string,
  options: { width: number; height: number; seconds: number; fps?: number },
): Promise<void> {
  const { width, height, seconds, fps = 25 } = options;
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${width}x${height}:r=${fps}:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=f=440:d=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    file,
  ]);
}

/**
 * `source` played `times` over into `file`, its streams copied rather than encoded again: a long video
 * for the cost of copying its bytes.
 */
export async function repeatVideo(source: string, file: string, times: number): Promise<void> {
  await runFfmpeg([
    '-stream_loop',
    String(times - 1),
    '-i',
    source,
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    file,
  ]);
}

export interface ProbedStreams {
  durationSeconds: number;
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
}

/**
 * Plays an HLS address to the end the way a player fetches it (each playlist and segment over HTTP, with
 * `headers` on every request), copying what it receives into an MP4, which ffprobe then reads. (The
 * packaged ffprobe crashes on MPEG-TS input, so it reads the copy rather than the segments.)
 */
export async function probeHls(
  url: string,
  options: { headers?: Record<string, string>; workDir: string },
): Promise<ProbedStreams> {
  const headers = Object.entries(options.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const copy = path.join(options.workDir, `${randomUUID()}.mp4`);
  await runFfmpeg([
    ...(headers ? ['-headers', headers] : []),
    '-i',
    url,
    '-map',
    '0',
    '-c',
    'copy',
    '-bsf:a',
    'aac_adtstoasc',
    copy,
  ]);
  const json = await runMediaTool(mediaBinaries().ffprobe, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    copy,
  ]);
  const parsed = JSON.parse(json) as { format: { duration: string }; streams: ProbedStreams['streams'] };
  return { durationSeconds: Number(parsed.format.duration), streams: parsed.streams };
}
