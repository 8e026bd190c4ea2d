#!/usr/bin/env node
// The public pages' first view as HTML (docs/decisions.md, 55): renders `/`, `/old-landing`, `/services`
// and `/pricing` with the same React components the browser then hydrates (scripts/prerender-entry.mjs,
// bundled for Node with rspack), each inside the built shell's index.html, as
// shell/dist/prerendered/<page>.html with its `.br` and `.gz` copies. The gateway sends these files for
// exactly those paths (gateway/src/front-end/prerendered.ts). Run by scripts/build.mjs after the front
// ends; alone: `node scripts/prerender.mjs`.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { exposes as publicExposes } from '../mfe-public/rspack.config.mjs';
import { precompressFile } from './precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The prerendered pages: path → file name under shell/dist/prerendered/ (the gateway derives the same). */
export const PRERENDERED_PAGES = {
  '/': 'index.html',
  '/old-landing': 'old-landing.html',
  '/services': 'services.html',
  '/pricing': 'pricing.html',
};

/**
 * The API answers each page's first view reads as soon as it runs (the same GETs, with the same
 * credentials as @platform/ui's apiRequest): preloaded from the HTML, they download beside the scripts
 * instead of after them, so what they fill in (the product pictures on /services, the largest paint there;
 * the course outline on /) is drawn as the page comes alive. The answers are the server's current ones
 * (`Cache-Control: no-cache`): nothing of the catalogue is fixed at build time.
 */
export const FIRST_VIEW_DATA = {
  '/': ['/api/course-preview'],
  '/services': ['/api/products'],
};

const EMPTY_ROOT = '<div id="root"></div>';
const REMOTE_LIST_PRELOAD = /<link rel="preload" href="\/remotes\.json"[^>]*>/;

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Bundles scripts/prerender-entry.mjs for Node (one file, styles left out) into `outDir` and returns its
 * path. The remote's routes are imported by their federated name, resolved to the module it exposes.
 */
function bundleRenderer(outDir) {
  const compiler = rspack({
    mode: 'production',
    target: 'node20',
    context: root,
    entry: { renderer: './scripts/prerender-entry.mjs' },
    devtool: false,
    output: { path: outDir, filename: '[name].cjs', library: { type: 'commonjs2' } },
    resolve: {
      extensions: ['.tsx', '.ts', '...'],
      // Remotes are not loaded at build time: the entry hands mfe-public's routes to the shell itself.
      alias: {
        '@module-federation/enhanced/runtime': false,
        'mfe_public/routes$': path.join(root, 'mfe-public', publicExposes['./routes']),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /[\\/]node_modules[\\/]/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        // The shell's stylesheet (linked by index.html) has every utility the pages use: an import of a
        // stylesheet is only its text here.
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    optimization: { minimize: false },
    plugins: [
      // Lazy pages stay lazy (the render waits for them) but live in the one file.
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error) reject(error);
      else if (stats.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve(path.join(outDir, 'renderer.cjs'));
    });
  });
}

/** Writes every page of PRERENDERED_PAGES into shell/dist/prerendered/; returns their file names. */
export async function prerenderPublicPages() {
  const shellDist = path.join(root, 'shell', 'dist');
  const template = readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  if (!template.includes(EMPTY_ROOT)) throw new Error(`shell/dist/index.html has no ${EMPTY_ROOT}`);
  // The routes mfe-public publishes beside its manifest (its build runs first).
  const { routes: routePaths } = JSON.parse(
    readFileSync(path.join(root, 'mfe-public', 'dist', 'routes.json'), 'utf8'),
  );
  const rendererDir = mkdtempSync(path.join(tmpdir(), 'prerender-'));
  try {
    const { renderPage } = createRequire(import.meta.url)(await bundleRenderer(rendererDir));
    return await writePages(template, shellDist, (pagePath) => renderPage(pagePath, routePaths));
  } finally {
    rmSync(rendererDir, { recursive: true, force: true });
  }
}

/** Each page of PRERENDERED_PAGES rendered into the shell's index.html, with its title and data preloads. */
async function writePages(template, shellDist, renderPage) {
  const outDir = path.join(shellDist, 'prerendered');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const written = [];
  for (const [pagePath, fileName] of Object.entries(PRERENDERED_PAGES)) {
    const { html, title } = await renderPage(pagePath);
    const file = path.join(outDir, fileName);
    let page = template.replace(EMPTY_ROOT, `<div id="root">${html}</div>`);
    const dataLinks = (FIRST_VIEW_DATA[pagePath] ?? []).map(
      (url) => `<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin="use-credentials">`,
    );
    if (dataLinks.length > 0) {
      if (!REMOTE_LIST_PRELOAD.test(page))
        throw new Error('shell/dist/index.html has no preload of /remotes.json');
      page = page.replace(REMOTE_LIST_PRELOAD, (link) => `${link}${dataLinks.join('')}`);
    }
    if (title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    if (/<script>(?!try\{)/.test(page.slice(page.indexOf('<div id="root">')))) {
      throw new Error(`${pagePath}: the render wrote an inline script, which the page's CSP would refuse`);
    }
    writeFileSync(file, page);
    await precompressFile(file);
    written.push(fileName);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!existsSync(path.join(root, 'shell', 'dist', 'index.html'))) {
    console.error('build the front ends first: node scripts/build.mjs');
    process.exit(1);
  }
  const started = Date.now();
  const pages = await prerenderPublicPages();
  console.log(`prerendered ${pages.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
