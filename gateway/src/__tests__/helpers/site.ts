/**
 * A site for the front-end tests: a gateway serving the front end built under a temporary folder
 * (`shell/`, `public/`, `member/`, `admin/`, written with `writeBuilt`) over the six service peers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import type { Logger } from '@platform/service-kit/logger';
import { lateBound } from '@platform/service-kit/testing';
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

export interface BuiltSite extends TestSite {
  /** The build folder `build` wrote. */
  root(): string;
}

/**
 * The file's site: before its tests, a new build folder (named after `name`) that `build` writes, then the
 * peers and a gateway serving it as `startSite` starts them; after its tests, all of it stopped and removed.
 */
export function useBuiltSite(
  name: string,
  build: (root: string) => Promise<void>,
  peerOptions: Partial<Record<ServiceName, PeerOptions>> = {},
  options: { logger?: Logger } = {},
): BuiltSite {
  let root: string | undefined;
  let site: TestSite | undefined;
  beforeAll(async () => {
    root = await makeSiteRoot(name);
    await build(root);
    site = await startSite(root, peerOptions, options);
  });
  afterAll(() => stopSite(root, site ?? {}));
  return {
    root: () => {
      if (root === undefined) throw new Error("the site's build folder is made in the suite's beforeAll");
      return root;
    },
    peers: lateBound(() => site?.peers, 'the service peers'),
    gateway: lateBound(() => site?.gateway, 'the gateway'),
  };
}
