/**
 * The sample media shipped in `services/course/media/` (see its README): lesson videos, their captions and
 * posters and the workbook go to the object store under `course-media/`, product pictures under
 * `catalogue-images/`. Copying them into the store at start lets one code path serve them from the local
 * folder or from S3. `sample-media.json` records each sample video's real length and poster.
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentTypeForFileName } from '@platform/service-kit/http';
import type { Logger } from '@platform/service-kit/logger';
import type { ObjectStore } from '@platform/service-kit/storage';

/** `services/course/media`, from `src/media/` and from `dist/media/` alike. */
export const BUNDLED_MEDIA_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'media',
);

export const COURSE_MEDIA_PREFIX = 'course-media/';
export const CATALOGUE_IMAGES_PREFIX = 'catalogue-images/';

export const courseMediaKey = (file: string) => `${COURSE_MEDIA_PREFIX}${file}`;
export const catalogueImageKey = (file: string) => `${CATALOGUE_IMAGES_PREFIX}${file}`;

const COURSE_MEDIA_FILE = /\.(mp4|pdf|vtt)$/i;
const CATALOGUE_IMAGE_FILE = /\.svg$/i;
/** The sample videos' posters (not lesson media of their own: the studio does not offer them). */
const POSTER_FILE = /\.jpg$/i;
const SAMPLE_MANIFEST = 'sample-media.json';

export interface BundledFile {
  name: string;
  path: string;
  key: string;
}

/** A shipped video with what ffprobe read of it when it was made (`make-sample-posters.mjs`). */
export interface SampleVideo {
  name: string;
  seconds: number;
  poster: BundledFile;
}

export interface BundledMedia {
  courseMedia: BundledFile[];
  posters: BundledFile[];
  sampleVideos: SampleVideo[];
  catalogueImages: BundledFile[];
}

async function readSampleVideos(posters: BundledFile[]): Promise<SampleVideo[]> {
  const manifest = JSON.parse(
    await readFile(path.join(BUNDLED_MEDIA_DIR, SAMPLE_MANIFEST), 'utf8'),
  ) as Record<string, { seconds: number; poster: string }>;
  return Object.entries(manifest).flatMap(([name, entry]) => {
    const poster = posters.find((file) => file.name === entry.poster);
    return poster && entry.seconds > 0 ? [{ name, seconds: entry.seconds, poster }] : [];
  });
}

async function listFiles(
  dir: string,
  pattern: RegExp,
  key: (name: string) => string,
): Promise<BundledFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => ({ name: entry.name, path: path.join(dir, entry.name), key: key(entry.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

let listing: Promise<BundledMedia> | undefined;

/** The shipped files (read once per process: they only change with a new release). */
export function listBundledMedia(): Promise<BundledMedia> {
  listing ??= (async () => {
    const posters = await listFiles(BUNDLED_MEDIA_DIR, POSTER_FILE, courseMediaKey);
    return {
      courseMedia: await listFiles(BUNDLED_MEDIA_DIR, COURSE_MEDIA_FILE, courseMediaKey),
      posters,
      sampleVideos: await readSampleVideos(posters),
      catalogueImages: await listFiles(
        path.join(BUNDLED_MEDIA_DIR, 'catalogue-images'),
        CATALOGUE_IMAGE_FILE,
        catalogueImageKey,
      ),
    };
  })();
  listing.catch(() => {
    listing = undefined;
  });
  return listing;
}

/**
 * Puts every shipped file that is not in the store yet. Existing objects are left alone, so a file
 * an admin has replaced is never overwritten at the next start; replicas starting together only
 * write the same bytes twice.
 */
export async function copyBundledMediaToStore(store: ObjectStore, logger: Logger): Promise<string[]> {
  const { courseMedia, posters, catalogueImages } = await listBundledMedia();
  const copied: string[] = [];
  for (const file of [...courseMedia, ...posters, ...catalogueImages]) {
    if (await store.stat(file.key)) continue;
    const { size } = await stat(file.path);
    await store.put(file.key, createReadStream(file.path), {
      contentType: contentTypeForFileName(file.name) ?? 'application/octet-stream',
      size,
    });
    copied.push(file.key);
  }
  if (copied.length > 0) logger.info({ objects: copied }, 'copied the bundled course media into the store');
  return copied;
}
