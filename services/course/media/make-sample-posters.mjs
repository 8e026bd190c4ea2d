#!/usr/bin/env node
// Makes the sample videos' posters and records their real durations (run once after make-sample-media.sh;
// the output is committed): `<video>.jpg` beside each video, a frame from where the transcoder takes its
// posters, and `sample-media.json` with each video's length as ffprobe reads it and its poster's name.
// Uses the ffmpeg and ffprobe that install with the course service (npm packages, nothing on the machine).
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ffmpeg = require('@ffmpeg-installer/ffmpeg').path;
const ffprobe = require('@ffprobe-installer/ffprobe').path;
const here = path.dirname(fileURLToPath(import.meta.url));

const manifest = {};
for (const video of readdirSync(here)
  .filter((name) => name.endsWith('.mp4'))
  .sort()) {
  const file = path.join(here, video);
  const seconds = Number(
    execFileSync(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    }).trim(),
  );
  const poster = video.replace(/\.mp4$/, '.jpg');
  // The transcoder's rule (posterSeconds): a quarter in, at most 5 s.
  const at = Math.min(5, seconds / 4);
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    at.toFixed(3),
    '-i',
    file,
    '-frames:v',
    '1',
    '-q:v',
    '4',
    '-map_metadata',
    '-1',
    path.join(here, poster),
  ]);
  manifest[video] = { seconds, poster };
}
writeFileSync(path.join(here, 'sample-media.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(manifest);
