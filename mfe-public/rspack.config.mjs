// Module Federation remote `mfe_public`: exposes ./routes and emits mf-manifest.json for the shell.
import { createFrontEndConfig } from '../scripts/rspack-shared.mjs';

/** What the remote exposes; the build's prerendering renders the public pages from the same modules. */
export const exposes = { './routes': './src/routes.tsx' };

export default createFrontEndConfig({
  name: 'mfe_public',
  kind: 'remote',
  dir: import.meta.dirname,
  exposes,
});
