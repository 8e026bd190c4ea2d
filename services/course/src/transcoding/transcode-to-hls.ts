/**
 * One video file → a folder with the HLS renditions (`<name>/index.m3u8` and `<name>/seg-NNNNN.ts`), the
 * master playlist and a poster frame, on local disk. ffmpeg streams from and to disk; nothing here holds
 * a video in memory. The master playlist is written here rather than by ffmpeg, with bit rates measured
 * from the segments actually written.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mediaBinaries, runMediaTool } from './ffmpeg.js';
import {
  hlsArguments,
  MASTER_PLAYLIST,
  masterPlaylist,
  measureRendition,
  parseVariantPlaylist,
  planRenditions,
  POSTER_FILE,
  posterArguments,
  posterSeconds,
  progressPercent,
  progressSecondsOf,
  VARIANT_PLAYLIST,
  type MeasuredRendition,
  type VideoProbe,
} from './hls-renditions.js';
import { probeVideo } from './probe-video.js';

export interface HlsOutput {
  probe: VideoProbe;
  renditions: MeasuredRendition[];
  /** Every file written, relative to the output folder (`/` separated), the master playlist last. */
  files: string[];
}

export interface TranscodeOptions {
  input: string;
  outDir: string;
  signal?: AbortSignal;
  /** 0–99 as ffmpeg writes; called often (throttle on the receiving side). */
  onProgress?: (percent: number) => void;
  /** Each ffmpeg child once spawned (the benchmark samples its memory). */
  onSpawn?: (child: ChildProcess) => void;
}

export async function transcodeToHls(options: TranscodeOptions): Promise<HlsOutput> {
  const { input, outDir, signal, onProgress, onSpawn } = options;
  const { ffmpeg } = mediaBinaries();
  const probe = await probeVideo(input, signal);
  const renditions = planRenditions(probe);
  for (const rendition of renditions) await mkdir(path.join(outDir, rendition.name), { recursive: true });

  await runMediaTool(ffmpeg, hlsArguments({ input, outDir, probe, renditions }), {
    signal,
    onSpawn,
    onLine: (line) => {
      const seconds = progressSecondsOf(line);
      if (seconds !== null) onProgress?.(progressPercent(seconds, probe.durationSeconds));
    },
  });

  const top = renditions[renditions.length - 1]!;
  await runMediaTool(
    ffmpeg,
    posterArguments({
      input,
      output: path.join(outDir, POSTER_FILE),
      atSeconds: posterSeconds(probe.durationSeconds),
      size: top,
    }),
    { signal, onSpawn },
  );

  const files: string[] = [POSTER_FILE];
  const measured: MeasuredRendition[] = [];
  for (const rendition of renditions) {
    const playlist = parseVariantPlaylist(
      await readFile(path.join(outDir, rendition.name, VARIANT_PLAYLIST), 'utf8'),
    );
    if (playlist.segments.length === 0) throw new Error(`ffmpeg wrote no segments for ${rendition.name}`);
    const segments = [];
    for (const segment of playlist.segments) {
      const { size } = await stat(path.join(outDir, rendition.name, segment.uri));
      segments.push({ seconds: segment.seconds, bytes: size });
      files.push(`${rendition.name}/${segment.uri}`);
    }
    files.push(`${rendition.name}/${VARIANT_PLAYLIST}`);
    measured.push(measureRendition(rendition, segments));
  }
  await writeFile(
    path.join(outDir, MASTER_PLAYLIST),
    masterPlaylist(measured, { hasAudio: probe.hasAudio, frameRate: probe.frameRate }),
  );
  files.push(MASTER_PLAYLIST);
  return { probe, renditions: measured, files };
}
