/**
 * The public demo path's rules (docs/behaviour/public-site-and-catalogue.md#promotional-media), read the
 * same way by the course service, which owns the whitelist, and the gateway, which sends the whitelisted
 * files from the course's folder in the embedded mode (docs/decisions.md, 71).
 */
import { z } from 'zod';

export const DEMO_VIDEO_PATH = '/api/demo-video/';

/** Media players and a CDN may keep the free previews for an hour; the names are public anyway. */
export const DEMO_CACHE_CONTROL = 'public, max-age=3600';

/** Only media and documents: nothing a browser would run as a page on our origin. */
const DEMO_FILE_TYPES = /\.(mp4|m4v|webm|mov|ogv|pdf|docx?)$/i;

/**
 * A plain file name: no path, no `..`, no control characters. Anything else on the demo path is a
 * probe, whatever the whitelist says.
 */
export function isPlainFileName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9 ._()+-]{0,199}$/.test(name) && !name.includes('..');
}

/** A plain name of a media file or a document: the only names the demo path may send. */
export function isDemoFileName(name: string): boolean {
  return isPlainFileName(name) && DEMO_FILE_TYPES.test(name);
}

/** A document (sent as a download with its name), not a video. */
export function isDocumentFileName(name: string): boolean {
  return /\.(pdf|docx?)$/i.test(name);
}

/** Names that are promotional: anything with demo, preview, introduction or free. */
export function hasPromotionalName(file: string): boolean {
  return /demo|preview|introduction|free/i.test(file);
}

/**
 * `GET /internal/demo-video-files` (course): the files of the lessons a visitor may open, which the demo
 * path sends beside the promotional names. Revalidated like the public catalogue (an `ETag`, `304`).
 */
export const DemoVideoFilesSchema = z.object({
  files: z.array(z.string().max(200)).max(10_000),
});
export type DemoVideoFiles = z.infer<typeof DemoVideoFilesSchema>;
