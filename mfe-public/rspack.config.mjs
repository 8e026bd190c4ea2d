// Module Federation remote `mfe_public`: exposes ./routes and emits mf-manifest.json for the shell.
import { createFrontEndConfig } from '../scripts/rspack-shared.mjs';

export default createFrontEndConfig({
  name: 'mfe_public',
  kind: 'remote',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
});
