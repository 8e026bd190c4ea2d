/**
 * A site for the front-end tests: a gateway serving the front end built under a temporary folder
 * (`shell/`, `public/`, `member/`, `admin/`, written with `writeBuilt`) over the six service peers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '@platform/service-kit/logger';
import type { ServiceName } from '@platform/contracts/services';
import { loadGatewayConfig } from '../../config.js';
import { startGateway, type RunningGateway } from '../../server.js';
import { gatewayEnv, startServicePeers, urlsOf, type PeerOptions, type Peers } from './peers.js';

export interface TestSite {
  peers: Peers;
  gateway: RunningGateway;
}

/** A new empty folder for a site's build, named after the test (`gateway-<name>-…`). */
export function makeSiteRoot(name: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `gateway-${name}-`));
}

/** The gateway's settings for the front end built under `root`. */
export function builtFrontEndEnv(root: string): Record<string, string> {
  return {
    SHELL_DIR: path.join(root, 'shell'),
    MFE_PUBLIC_DIR: path.join(root, 'public'),
    MFE_MEMBER_DIR: path.join(root, 'member'),
    MFE_ADMIN_DIR: path.join(root, 'admin'),
  };
}

/** Starts the service peers (each with its `peerOptions`) and a gateway serving the build under `root`. */
export async function startSite(
  root: string,
  peerOptions: Partial<Record<ServiceName, PeerOptions>> = {},
  options: { logger?: Logger } = {},
): Promise<TestSite> {
  const peers = await startServicePeers(peerOptions);
  const gateway = await startGateway(loadGatewayConfig(gatewayEnv(urlsOf(peers), builtFrontEndEnv(root))), {
    logger: options.logger,
  });
  return { peers, gateway };
}

/** Stops what `startSite` started (whatever of it did start) and removes the build under `root`. */
export async function stopSite(root: string | undefined, site: Partial<TestSite>): Promise<void> {
  await site.gateway?.close();
  await site.peers?.closeAll();
  if (root) await rm(root, { recursive: true, force: true });
}
