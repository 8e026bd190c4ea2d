// The rspack configuration every front end shares (the shell and each remote): one place for the
// shared singletons, TypeScript, Tailwind and the Module Federation options. See shell/README.md.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { transformFile } from '@swc/core';
import { precompressDir } from './precompress.mjs';
import { SHARED_SUBSETS } from './rspack-shared-api.mjs';

const root = join(import.meta.dirname, '..');

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

// Every JavaScript entry of @platform/ui (`@platform/ui`, `@platform/ui/select`, …): each is a singleton.
// `./standalone` is not shared: only a remote's standalone page (never under the shell) mounts with it.
const UI_EXPORTS = Object.entries(readJson(join(root, 'packages/ui/package.json')).exports).filter(
  ([subpath]) => !subpath.endsWith('.css') && subpath !== './standalone',
);
const UI_ENTRIES = UI_EXPORTS.map(([subpath]) => posix.join('@platform/ui', subpath));
// The source file of each entry, by share key.
const UI_FILES = Object.fromEntries(
  UI_EXPORTS.map(([subpath, target]) => [
    posix.join('@platform/ui', subpath),
    join(root, 'packages/ui', target.default),
  ]),
);

/**
 * The shared modules built from part of a package (SHARED_SUBSETS in rspack-shared-api.mjs), as virtual
 * modules (rspack's VirtualModulesPlugin: held in memory, nothing written to disk), by share key:
 * `{ file, source }`. Each re-exports its names from the package's ES build by absolute path, since the
 * package's name would be consumed from the share scope (the module itself). A production build takes the
 * package's production build where it ships one beside the development build its `exports` name
 * (react-router: without its development-only checks and warnings, ~0.5 KB gzip less).
 */
function subsetModules(dir, isProduction) {
  return Object.fromEntries(
    Object.entries(SHARED_SUBSETS).map(([key, { pkg, names }]) => {
      const resolved = fileURLToPath(import.meta.resolve(pkg));
      const productionBuild = resolved.replace(/([\\/])dist\1development\1/, '$1dist$1production$1');
      const target = isProduction && existsSync(productionBuild) ? productionBuild : resolved;
      const source =
        `// The ${pkg} API the front ends share (scripts/rspack-shared-api.mjs).\n` +
        `export {\n${names.map((name) => `  ${name},\n`).join('')}} from ${JSON.stringify(target)};\n`;
      return [key, { file: join(dir, 'shared-api', `${pkg.replace(/\W+/g, '-')}.mjs`), source }];
    }),
  );
}

/*
 * Route lists. A remote declares the client routes it serves once, in `src/route-paths.ts` (ROUTE_PATHS,
 * data only), which its `./routes` uses; the build publishes them as `routes.json` beside the manifest:
 * `{ "routes": ["/", "/courses/:id", …] }`. The gateway reads these lists (its 404 for any other path,
 * its preload hints) and hands them to the shell in /remotes.json, so a remote gains a page without the
 * shell or the gateway being rebuilt (gateway/src/front-end/client-routes.ts).
 */

// Static segments (no dots: a dotted path is a file) and `:params`, which the shell's router and the
// gateway read alike; `*` and optional segments are refused rather than matched differently.
const ROUTE_PATTERN = /^\/$|^(?:\/(?:[\w~-]+|:\w+))+$/;

/** The paths of ROUTE_PATHS in `file`; throws a message naming what is wrong. */
async function readRoutePaths(file) {
  if (!existsSync(file)) throw new Error('a remote declares its client routes in src/route-paths.ts');
  const { code } = await transformFile(file, {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
  });
  let routePaths;
  try {
    ({ ROUTE_PATHS: routePaths } = await import(`data:text/javascript,${encodeURIComponent(code)}`));
  } catch (error) {
    throw new Error(`could not run it on its own (it must be data only, with no imports): ${error.message}`, {
      cause: error,
    });
  }
  if (typeof routePaths !== 'object' || routePaths === null) {
    throw new Error('it does not export ROUTE_PATHS');
  }
  const paths = Object.values(routePaths);
  const seen = new Set();
  for (const path of paths) {
    if (typeof path !== 'string' || !ROUTE_PATTERN.test(path)) {
      throw new Error(`${JSON.stringify(path)} is not a route of static segments and :params`);
    }
    // `/courses/:id` and `/Courses/:slug` are the same route to the router.
    const shape = path.toLowerCase().replace(/:\w+/g, ':');
    if (seen.has(shape)) throw new Error(`${path} is declared twice`);
    seen.add(shape);
  }
  return paths;
}

/** Remote: writes `routes.json` from `src/route-paths.ts`; a missing or malformed list fails the build. */
class PublishRoutesPlugin {
  constructor(file) {
    this.file = file;
  }

  apply(compiler) {
    const name = 'PublishRoutesPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.fileDependencies.add(this.file);
      compilation.hooks.processAssets.tapPromise(
        { name, stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          try {
            const routes = await readRoutePaths(this.file);
            const content = `${JSON.stringify({ routes })}\n`;
            compilation.emitAsset('routes.json', new compiler.rspack.sources.RawSource(content));
          } catch (error) {
            compilation.errors.push(new compiler.rspack.WebpackError(`${this.file}: ${error.message}`));
          }
        },
      );
    });
  }
}

/**
 * Production: `.br` and `.gz` copies beside the emitted scripts, styles, pages and JSON once they are on
 * disk (scripts/precompress.mjs), which the gateway and nginx send without compressing anything again.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const files = compilation.getAssets().map((asset) => asset.name);
      await precompressDir(compiler.options.output.path, files);
    });
  }
}

// Same list in the shell and every remote: one React, one router, one query cache, one design system.
const FRAMEWORK = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
];
const SINGLETONS = [...FRAMEWORK, ...UI_ENTRIES];
// What the shell's own first render imports: eager in the shell, so it is in the page's initial scripts
// (docs/decisions/0077-the-front-end-build-uses-documented-options-only.md).
const STARTUP_SHARED = [...FRAMEWORK, '@platform/ui'];
export const BROWSER_TARGETS = ['chrome >= 111', 'edge >= 111', 'firefox >= 128', 'safari >= 16.4'];

/**
 * TypeScript and TSX through rspack's built-in SWC, for `env`'s targets (the front ends and the prerender's
 * bundles). Not excluding packages/ui: it is consumed from source through its workspace symlink.
 */
export function typeScriptRule(env, { development } = {}) {
  return {
    test: /\.tsx?$/,
    exclude: /[\\/]node_modules[\\/]/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', ...(development !== undefined && { development }) } },
      },
      env,
    },
    type: 'javascript/auto',
  };
}

/** The page of a remote opened by itself (the shell's own page is shell/index.html). */
function standalonePage(name) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>${name} (standalone)</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
}

function packageNameOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function createShared(dir, isHost, subsets) {
  const require = createRequire(join(dir, 'package.json'));
  const pkg = readJson(join(dir, 'package.json'));

  const readInstalledVersion = (name) => {
    for (const nodeModules of require.resolve.paths(name) ?? []) {
      const file = join(nodeModules, name, 'package.json');
      if (existsSync(file)) return readJson(file).version;
    }
    throw new Error(`Shared package ${name} is not installed`);
  };

  // The range this app declares, or a caret on the installed version for workspace packages ("*").
  const readRequiredVersion = (request) => {
    const name = packageNameOf(request);
    const declared = pkg.dependencies?.[name];
    return declared && declared !== '*' ? declared : `^${readInstalledVersion(name)}`;
  };

  return Object.fromEntries(
    SINGLETONS.map((request) => [
      request,
      {
        singleton: true,
        requiredVersion: readRequiredVersion(request),
        // By file: then the build provides the entry even when this app does not import it.
        ...(UI_FILES[request]
          ? { import: UI_FILES[request], version: readInstalledVersion('@platform/ui') }
          : {}),
        ...(subsets[request]
          ? { import: subsets[request].file, version: readInstalledVersion(request) }
          : {}),
        // The shell's first render uses these: in its initial chunks, they load with main.js (no chain).
        ...(isHost && STARTUP_SHARED.includes(request) ? { eager: true } : {}),
      },
    ]),
  );
}

/**
 * The rspack config of one front end. `kind: 'host'` is the shell (no remotes at build time, it reads
 * them from /remotes.json); `kind: 'remote'` exposes `exposes` through remoteEntry.js + mf-manifest.json
 * and publishes the routes of `src/route-paths.ts` as routes.json. `plugins` are added to the shared ones.
 */
export function createFrontEndConfig({ name, kind, dir, exposes = {}, plugins = [] }) {
  const isHost = kind === 'host';

  return (_env, argv) => {
    const mode = argv.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production');
    const isProduction = mode === 'production';
    const subsets = subsetModules(dir, isProduction);
    const shared = createShared(dir, isHost, subsets);
    const hashed = (ext) => (isProduction ? `[name].[contenthash].${ext}` : `[name].${ext}`);

    return {
      mode,
      context: dir,
      target: ['web', 'es2022'],
      // A remote's `main` is its standalone development page; the shell loads remoteEntry.js via the manifest.
      entry: { main: './src/index.ts' },
      devtool: isProduction ? false : 'cheap-module-source-map',
      output: {
        path: join(dir, 'dist'),
        // A remote's chunks resolve relative to its manifest, so one build works under any prefix or origin.
        publicPath: isHost ? '/' : 'auto',
        filename: hashed('js'),
        chunkFilename: hashed('js'),
        cssFilename: hashed('css'),
        cssChunkFilename: hashed('css'),
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '...'] },
      // React, React DOM and the scheduler in one file: every page needs all four shared modules together,
      // and as four files they cost four requests with their headers (measured on /: 18 -> 15 scripts,
      // 171.5 -> 168.3 KB as transferred).
      optimization: {
        splitChunks: {
          cacheGroups: {
            react: {
              test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/,
              name: 'react',
              chunks: 'all',
              enforce: true,
            },
          },
        },
      },
      module: {
        rules: [
          typeScriptRule({ targets: BROWSER_TARGETS }, { development: !isProduction }),
          {
            test: /\.css$/,
            use: [
              {
                loader: 'postcss-loader',
                options: { postcssOptions: { plugins: ['@tailwindcss/postcss'] } },
              },
            ],
            type: 'css/auto',
          },
        ],
      },
      plugins: [
        new rspack.experiments.VirtualModulesPlugin(
          Object.fromEntries(Object.values(subsets).map(({ file, source }) => [file, source])),
        ),
        ...(isHost ? [] : [new PublishRoutesPlugin(join(dir, 'src', 'route-paths.ts'))]),
        // A remote's page is only the standalone entry: remoteEntry.js is for hosts.
        new rspack.HtmlRspackPlugin(
          isHost ? { template: './index.html' } : { templateContent: standalonePage(name), chunks: ['main'] },
        ),
        new ModuleFederationPlugin(
          isHost
            ? {
                name,
                shared,
                // Remotes are registered after the shell has rendered: keep the React it already loaded.
                shareStrategy: 'loaded-first',
                dts: false,
                // mf-manifest.json lists the files of each shared module the shell provides.
                // Remotes leave the federation runtime out of remoteEntry.js and use this one (~27 KB gzip less).
                experiments: { optimization: { target: 'web' }, provideExternalRuntime: true },
              }
            : {
                name,
                filename: 'remoteEntry.js',
                exposes,
                shared,
                // The shell registers remotes after it has rendered: use the React it already loaded.
                shareStrategy: 'loaded-first',
                dts: false,
                // A remote loads no other remote: leave the manifest and remote-loading code out of
                // remoteEntry.js. In production it also uses the shell's federation runtime (the shell sets
                // provideExternalRuntime), ~17 KB gzip less per remote; the standalone page (`main`) then
                // works only with `rspack serve`.
                experiments: {
                  optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
                  externalRuntime: isProduction,
                },
              },
        ),
        ...plugins,
        ...(isProduction ? [new PrecompressPlugin()] : []),
      ],
    };
  };
}
