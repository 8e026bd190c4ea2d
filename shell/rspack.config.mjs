// Module Federation host: builds with no remotes; it reads their locations from /remotes.json at start.
import { join } from 'node:path';
import { transformFile } from '@swc/core';
import { createFrontEndConfig } from '../scripts/rspack-shared.mjs';

const ROUTE_OWNER_TABLE = join(import.meta.dirname, 'src/features/remotes/route-owner-table.ts');

/** Writes the route owner table to dist/route-owners.json, for the gateway's preload hints. */
class EmitRouteOwnersPlugin {
  apply(compiler) {
    const { RawSource } = compiler.rspack.sources;
    compiler.hooks.thisCompilation.tap('EmitRouteOwnersPlugin', (compilation) => {
      compilation.fileDependencies.add(ROUTE_OWNER_TABLE);
      compilation.hooks.processAssets.tapPromise('EmitRouteOwnersPlugin', async () => {
        // The table module has no imports, so its compiled code runs on its own.
        const { code } = await transformFile(ROUTE_OWNER_TABLE, {
          jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
          module: { type: 'es6' },
        });
        const { ROUTE_OWNERS } = await import(`data:text/javascript,${encodeURIComponent(code)}`);
        compilation.emitAsset('route-owners.json', new RawSource(`${JSON.stringify(ROUTE_OWNERS)}\n`));
      });
    });
  }
}

export default createFrontEndConfig({
  name: 'shell',
  kind: 'host',
  dir: import.meta.dirname,
  plugins: [new EmitRouteOwnersPlugin()],
});
