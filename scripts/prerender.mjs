#!/usr/bin/env node
// The public pages' first view as HTML (docs/decisions.md, 55, 87): renders `/`, `/old-landing`,
// `/services` and `/pricing` with the same React components the browser then hydrates
// (scripts/prerender-entry.mjs, bundled for Node with rspack), each inside the built shell's index.html,
// as shell/dist/prerendered/<page>.html with its `.br` and `.gz` copies. The pages load their own small
// entry (scripts/public-entry.mjs, bundled for the browser into shell/dist/public-pages/) in place of the
// shell's scripts: no federation runtime, no remote list. The gateway sends these files for exactly those
// paths (gateway/src/front-end/prerendered.ts); for a page that shows API data (`/`, `/services`) it renders
// the page again with the current answers, with the renderer and the template kept beside the pages
// (docs/decisions.md, 110; gateway/src/front-end/live-pages.ts). Run by scripts/build.mjs after the front ends; alone:
// `node scripts/prerender.mjs`.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { exposes as publicExposes } from '../mfe-public/rspack.config.mjs';
import { precompressDir, precompressFile } from './precompress.mjs';
import { BROWSER_TARGETS, typeScriptRule } from './rspack-shared.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REACT_ROUTER_PRODUCTION = fileURLToPath(import.meta.resolve('react-router')).replace(
  /([\\/])dist\1development\1/,
  '$1dist$1production$1',
);

/** React's modules as the public pages' browser entry resolves them: Preact's compatibility layer. */
const PREACT_FOR_REACT = {
  react$: 'preact/compat',
  'react-dom$': 'preact/compat',
  'react-dom/client$': 'preact/compat/client',
  'react/jsx-runtime$': 'preact/jsx-runtime',
  'react/jsx-dev-runtime$': 'preact/jsx-runtime',
};

/** The prerendered pages: path → file name under shell/dist/prerendered/ (the gateway derives the same). */
export const PRERENDERED_PAGES = {
  '/': 'index.html',
  '/old-landing': 'old-landing.html',
  '/services': 'services.html',
  '/pricing': 'pricing.html',
};

/** What the gateway loads to render these pages with the current API answers (docs/decisions.md, 110). */
export const RENDERER_FILE = 'renderer.cjs';
/**
 * The page every prerendered page is written into: the shell's index.html with the public entry. Its name
 * is no page's (gateway/src/front-end/prerendered.ts reads only lower-case letters, digits and dashes).
 */
export const TEMPLATE_FILE = '_template.html';

const EMPTY_ROOT = '<div id="root"></div>';
const REMOTE_LIST_PRELOAD = /<link rel="preload" href="\/remotes\.json"[^>]*>/;
// The shell's own scripts in its index.html (HtmlRspackPlugin's tags), which a prerendered page replaces.
const SHELL_SCRIPT = /<script defer src="[^"]+"><\/script>/g;
/** Where the public pages' entry is written, under shell/dist/ (and so served at /public-pages/). */
const PUBLIC_ENTRY_DIR = 'public-pages';

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Runs one rspack compilation; resolves with its stats. */
function compile(config) {
  const compiler = rspack(config);
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error) reject(error);
      else if (stats.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve(stats);
    });
  });
}

/** What both bundles share: the remote's routes by their federated name, TypeScript through SWC. */
function bundleConfig({ env, styles }) {
  return {
    mode: 'production',
    context: root,
    devtool: false,
    resolve: {
      extensions: ['.tsx', '.ts', '...'],
      // Remotes are not loaded here: the entry hands mfe-public's routes to the shell itself.
      alias: {
        '@module-federation/enhanced/runtime': false,
        'mfe_public/routes$': path.join(root, 'mfe-public', publicExposes['./routes']),
        // react-router's production build (its `exports` name only the development one), as the front
        // ends share it (scripts/rspack-shared.mjs).
        'react-router$': REACT_ROUTER_PRODUCTION,
        'react-router-dom$': REACT_ROUTER_PRODUCTION,
      },
    },
    module: {
      rules: [
        typeScriptRule(env),
        // The shell's stylesheet (linked by index.html) has every utility the pages use: an import of a
        // stylesheet is only its text here, or nothing at all.
        { test: /\.css$/, type: 'asset/source', ...styles },
      ],
    },
  };
}

/**
 * Bundles scripts/prerender-entry.mjs for Node (one file, styles left out) into `outDir` and returns its
 * path. The remote's routes are imported by their federated name, resolved to the module it exposes.
 */
async function bundleRenderer(outDir) {
  const base = bundleConfig({ env: { targets: 'node 20' }, styles: {} });
  await compile({
    ...base,
    target: 'node20',
    entry: { renderer: './scripts/prerender-entry.mjs' },
    output: { path: outDir, filename: '[name].cjs', library: { type: 'commonjs2' } },
    optimization: { minimize: false },
    plugins: [
      // Lazy pages stay lazy (the render waits for them) but live in the one file.
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
  });
  return path.join(outDir, 'renderer.cjs');
}

/**
 * Bundles scripts/public-entry.mjs for the browser into shell/dist/public-pages/ (each page's code a
 * chunk of its own, loaded with the page) with `.br` and `.gz` copies; returns the URLs of the scripts the
 * entry starts with.
 */
async function bundlePublicEntry(shellDist) {
  const outDir = path.join(shellDist, PUBLIC_ENTRY_DIR);
  // No stylesheet text in the browser's scripts: nothing reads an imported stylesheet.
  const base = bundleConfig({ env: { targets: BROWSER_TARGETS }, styles: { sideEffects: false } });
  const stats = await compile({
    ...base,
    // Preact's compatibility layer in place of React, in this bundle only (docs/decisions.md, 88): the
    // build still renders the HTML with React, and Preact hydrates it.
    resolve: { ...base.resolve, alias: { ...base.resolve.alias, ...PREACT_FOR_REACT } },
    target: ['web', 'es2022'],
    entry: { public: './scripts/public-entry.mjs' },
    output: {
      path: outDir,
      publicPath: `/${PUBLIC_ENTRY_DIR}/`,
      filename: '[name].[contenthash].js',
      chunkFilename: '[name].[contenthash].js',
      clean: true,
    },
  });
  const { entrypoints, assets } = stats.toJson({ all: false, entrypoints: true, assets: true });
  await precompressDir(
    outDir,
    assets.map((asset) => asset.name),
  );
  return entrypoints.public.assets
    .map((asset) => asset.name)
    .filter((name) => name.endsWith('.js'))
    .map((name) => `/${PUBLIC_ENTRY_DIR}/${name}`);
}

/** Writes every page of PRERENDERED_PAGES into shell/dist/prerendered/; returns their file names. */
export async function prerenderPublicPages() {
  const shellDist = path.join(root, 'shell', 'dist');
  const template = readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  if (!template.includes(EMPTY_ROOT)) throw new Error(`shell/dist/index.html has no ${EMPTY_ROOT}`);
  const rendererDir = mkdtempSync(path.join(tmpdir(), 'prerender-'));
  try {
    const [rendererFile, entryScripts] = await Promise.all([
      bundleRenderer(rendererDir),
      bundlePublicEntry(shellDist),
    ]);
    const { renderDocument } = createRequire(import.meta.url)(rendererFile);
    return await writePages(pageTemplate(template, entryScripts), shellDist, rendererFile, renderDocument);
  } finally {
    rmSync(rendererDir, { recursive: true, force: true });
  }
}

/**
 * The shell's index.html with the public entry's scripts in place of the shell's own, and without the
 * preload of the remote list, which these pages never read.
 */
function pageTemplate(template, entryScripts) {
  const shellScripts = template.match(SHELL_SCRIPT) ?? [];
  if (shellScripts.length === 0) throw new Error('shell/dist/index.html has no <script defer src=…>');
  if (!REMOTE_LIST_PRELOAD.test(template))
    throw new Error('shell/dist/index.html has no preload of /remotes.json');
  const tags = entryScripts.map((url) => `<script defer src="${escapeHtml(url)}"></script>`).join('');
  return template
    .replace(SHELL_SCRIPT, (tag) => (tag === shellScripts[0] ? tags : ''))
    .replace(REMOTE_LIST_PRELOAD, '');
}

/**
 * Each page of PRERENDERED_PAGES rendered into the page template, with its title: the pages that show API
 * data with their loading placeholders (the gateway sends them when it cannot render them with the
 * current answers). The template and the renderer are kept beside them for the gateway.
 */
async function writePages(template, shellDist, rendererFile, renderDocument) {
  const outDir = path.join(shellDist, 'prerendered');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, TEMPLATE_FILE), template);
  copyFileSync(rendererFile, path.join(outDir, RENDERER_FILE));
  const written = [];
  for (const [pagePath, fileName] of Object.entries(PRERENDERED_PAGES)) {
    const file = path.join(outDir, fileName);
    writeFileSync(file, await renderDocument(template, pagePath));
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
