// Precompressed copies of a front end's built files: `x.js.br` (brotli, quality 11) and `x.js.gz` (gzip,
// level 9) beside every script, stylesheet, page, SVG and JSON file of at least 1 KB, each kept only when it
// is smaller than the file. The gateway sends them as they are (gateway/src/front-end/precompressed.ts),
// and so can nginx (`gzip_static on`). Written by the production build of each front end
// (PrecompressPlugin in scripts/rspack-shared.mjs); run alone as `node scripts/precompress.mjs <dir>...`.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The kinds of files worth compressing; source maps are not served, images and fonts are compressed already. */
export const PRECOMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
/** Smaller files are sent as they are: the gateway compresses nothing under 1 KB either. */
export const MIN_BYTES = 1024;

const ENCODINGS = [
  {
    suffix: '.br',
    compress: (content) =>
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
  },
  { suffix: '.gz', compress: (content) => gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }) },
];

/**
 * Writes (or removes, when not worth it) the `.br` and `.gz` copies of one file. Returns the sizes:
 * `{ file, bytes, br?, gz? }`.
 */
export async function precompressFile(file) {
  const content = await readFile(file);
  const result = { file, bytes: content.length };
  await Promise.all(
    ENCODINGS.map(async ({ suffix, compress }) => {
      const copy = `${file}${suffix}`;
      const compressed =
        content.length >= MIN_BYTES && PRECOMPRESSIBLE.test(file) ? await compress(content) : undefined;
      if (compressed && compressed.length < content.length) {
        await writeFile(copy, compressed);
        result[suffix.slice(1)] = compressed.length;
      } else {
        // A copy left from an earlier build would no longer match the file.
        await rm(copy, { force: true });
      }
    }),
  );
  return result;
}

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && PRECOMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** Precompresses every compressible file under `dir` (or just `files`, paths inside it). */
export async function precompressDir(dir, files) {
  const targets = files ? files.map((file) => path.resolve(dir, file)) : await filesUnder(dir);
  return Promise.all(targets.filter((file) => PRECOMPRESSIBLE.test(file)).map(precompressFile));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const dir of process.argv.slice(2)) {
    const results = await precompressDir(path.resolve(dir));
    const written = results.filter((result) => result.br || result.gz);
    console.log(`${dir}: ${written.length} of ${results.length} files precompressed`);
  }
}
