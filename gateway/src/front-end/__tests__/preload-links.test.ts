import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPreloadLinks } from '../preload-links.js';
import { createBuiltJsonReader } from '../read-built-json.js';

const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './routes',
      assets: {
        js: { sync: ['735.0a1b2c3d.js', '__federation_expose_routes.4e5f6a7b.js'], async: ['9.1c2d3e4f.js'] },
        css: { sync: ['516.8a9b0c1d.css'], async: [] },
      },
    },
  ],
};

let root: string;
const dirs = { public: '', member: '' };

async function writeJson(dir: string, file: string, value: unknown): Promise<void> {
  await writeFile(path.join(dir, file), JSON.stringify(value));
}

const publicRemote = () => ({ name: 'mfe_public', entry: '/mfe/public/mf-manifest.json', dir: dirs.public });
const memberRemote = () => ({ name: 'mfe_member', entry: '/mfe/member/mf-manifest.json', dir: dirs.member });

function preloadLinksFor() {
  return createPreloadLinks({ readJson: createBuiltJsonReader({ originCacheMs: 10_000 }) });
}

function split(header: string | undefined): string[] {
  return header ? header.split(', ') : [];
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'gateway-preload-'));
  for (const name of ['public', 'member'] as const) {
    dirs[name] = path.join(root, name);
    await mkdir(dirs[name], { recursive: true });
  }
  await writeJson(dirs.public, 'mf-manifest.json', MANIFEST);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('preload links', () => {
  it("names the owner's manifest, remoteEntry.js and the files of ./routes", async () => {
    const links = split(await preloadLinksFor()(publicRemote()));
    expect(links).toEqual([
      '</mfe/public/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous',
      '</mfe/public/remoteEntry.js>; rel=preload; as=script; fetchpriority=low',
      '</mfe/public/516.8a9b0c1d.css>; rel=preload; as=style; fetchpriority=low',
      '</mfe/public/735.0a1b2c3d.js>; rel=preload; as=script; fetchpriority=low',
      '</mfe/public/__federation_expose_routes.4e5f6a7b.js>; rel=preload; as=script; fetchpriority=low',
    ]);
  });

  it('names only the manifest when the remote has not written the rest', async () => {
    expect(split(await preloadLinksFor()(memberRemote()))).toEqual([
      '</mfe/member/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous',
    ]);
  });

  it('follows a redeployed remote and skips names that are not plain file names', async () => {
    const preloadLinks = preloadLinksFor();
    expect(await preloadLinks(publicRemote())).toContain('/mfe/public/735.0a1b2c3d.js');
    const redeployed = structuredClone(MANIFEST);
    redeployed.exposes[0]!.assets.js.sync = ['735.99999999.js', '<evil>; rel=stylesheet'];
    await writeJson(dirs.public, 'mf-manifest.json', redeployed);
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(dirs.public, 'mf-manifest.json'), later, later);

    const links = split(await preloadLinks(publicRemote()));
    expect(links).toContain('</mfe/public/735.99999999.js>; rel=preload; as=script; fetchpriority=low');
    expect(links.join(', ')).not.toContain('evil');
    expect(links.join(', ')).not.toContain('735.0a1b2c3d.js');
    await writeJson(dirs.public, 'mf-manifest.json', MANIFEST);
  });
});
