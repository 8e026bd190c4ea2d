/**
 * A micro-frontend deploys alone: a copy of mfe-admin with one more route is built on its own (the shell's
 * build is not touched) and served to a site started while that build ran. The new page answers 200 and
 * renders; a path no remote publishes answers 404 with the shell's not-found page. Desktop only: nothing
 * here depends on the screen, and the remote is built once.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { startEmbedded, type EmbeddedSite } from '@platform/embedded';
import { ADMIN } from '../helpers/accounts.js';
import { embeddedSiteEnv } from '../helpers/own-site.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const NEW_ROUTE = '/admin/deployed-alone';

let workDir: string;
let site: EmbeddedSite | undefined;
let shellBuiltAt: number;

/** Replaces `search` in a copied file, failing loudly if the source has moved on from what this expects. */
async function edit(file: string, search: string, replacement: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(search)) throw new Error(`${file} no longer contains ${JSON.stringify(search)}`);
  await writeFile(file, text.replace(search, replacement));
}

/** mfe-admin's sources copied into `dir`, with one more route declared where every route is. */
async function copyAdminWithNewRoute(dir: string): Promise<void> {
  const source = path.join(REPO, 'mfe-admin');
  for (const entry of ['package.json', 'rspack.config.mjs', 'src']) {
    await cp(path.join(source, entry), path.join(dir, entry), { recursive: true });
  }
  // Its own dependencies, where a package's build finds them.
  await symlink(path.join(source, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await edit(
    path.join(dir, 'rspack.config.mjs'),
    "'../scripts/rspack-shared.mjs'",
    JSON.stringify(pathToFileURL(path.join(REPO, 'scripts', 'rspack-shared.mjs')).href),
  );
  await edit(path.join(dir, 'src', 'index.css'), "'../../packages/", `'${REPO}/packages/`);
  await edit(
    path.join(dir, 'src', 'route-paths.ts'),
    '} as const;',
    `  deployedAlone: '${NEW_ROUTE}',\n} as const;`,
  );
  await edit(
    path.join(dir, 'src', 'routes.tsx'),
    '} satisfies Record<RouteName, RouteObject>;',
    '  deployedAlone: { element: <PlaceholderPage name="Deployed Alone" /> },\n} satisfies Record<RouteName, RouteObject>;',
  );
  // The placeholder page stays in the remote for pages still to come; the copy's new route uses it.
  await edit(
    path.join(dir, 'src', 'routes.tsx'),
    "import { ROUTE_PATHS } from './route-paths';",
    "import { PlaceholderPage } from './features/placeholder/components/placeholder-page';\nimport { ROUTE_PATHS } from './route-paths';",
  );
}

/** The remote's production build, exactly as scripts/build.mjs runs it. */
function buildRemote(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(REPO, 'node_modules', '.bin', 'rspack'),
      ['build', '--config', 'rspack.config.mjs'],
      {
        cwd: dir,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`rspack build failed:\n${output}`)),
    );
  });
}

// One build and one site for both tests: they run in order in one worker.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  // An rspack build on a busy machine.
  test.setTimeout(600_000);
  shellBuiltAt = (await stat(path.join(REPO, 'shell', 'dist', 'index.html'))).mtimeMs;
  await mkdir(path.join(REPO, '.tmp'), { recursive: true });
  // Inside the repository, so the copy resolves the workspace's packages like mfe-admin does.
  workDir = await mkdtemp(path.join(REPO, '.tmp', 'remote-deploys-alone-'));
  const remoteDir = path.join(workDir, 'mfe-admin');
  await copyAdminWithNewRoute(remoteDir);
  // The site runs before the remote is built, as a redeployment finds it: nothing restarts afterwards.
  const [started] = await Promise.all([
    startEmbedded({
      env: embeddedSiteEnv(path.join(workDir, 'data'), { MFE_ADMIN_DIR: path.join(remoteDir, 'dist') }),
    }),
    buildRemote(remoteDir),
  ]);
  site = started;
});

test.afterAll(async () => {
  await site?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

test('a page added to one remote answers 200 and renders, with the shell not rebuilt', async ({ page }) => {
  // The remote's other pages are still there: a visitor on the course studio is told to sign in and
  // taken to the log-in page by the remote's own admin layout.
  const existing = await page.goto(`${site!.url}/admin/courses`);
  expect(existing?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();

  // The new page sits in the same layout: the admin signs in and opens it.
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/admin$/);
  const response = await page.goto(`${site!.url}${NEW_ROUTE}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Deployed Alone is on its way' })).toBeVisible();

  // Learnt from the copy's build alone: the checked-in remote and the shell know nothing of it.
  const published = await readFile(path.join(REPO, 'mfe-admin', 'dist', 'routes.json'), 'utf8');
  expect(JSON.parse(published).routes).not.toContain(NEW_ROUTE);
  expect((await stat(path.join(REPO, 'shell', 'dist', 'index.html'))).mtimeMs).toBe(shellBuiltAt);
});

test('a path no remote publishes answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto(`${site!.url}/no-such-page`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
});
