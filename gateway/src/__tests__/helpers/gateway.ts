import { afterAll, beforeAll } from '@jest/globals';
import type { ServiceName } from '@platform/contracts/services';
import { lateBound } from '@platform/service-kit/testing';
import { loadGatewayConfig } from '../../config.js';
import { startGateway, type RunningGateway } from '../../server.js';
import { gatewayEnv, startServicePeers, urlsOf, type PeerOptions, type Peers } from './peers.js';

export async function startTestGateway(env: Record<string, string>): Promise<RunningGateway> {
  return startGateway(loadGatewayConfig(env));
}

export interface GatewaysOnPeers {
  /** The file's service peers, started before its tests. */
  peers: Peers;
  /** A gateway in front of the peers (or of `urls`), with `extra` settings; closed after the file's tests. */
  startGateway(extra?: Record<string, string>, urls?: Record<ServiceName, string>): Promise<RunningGateway>;
}

/**
 * A file's service peers and the gateways it starts on them: the peers start before its tests; after them
 * every gateway is closed, then the peers.
 */
export function useGatewaysOnPeers(options?: Partial<Record<ServiceName, PeerOptions>>): GatewaysOnPeers {
  let peers: Peers | undefined;
  const gateways: RunningGateway[] = [];
  beforeAll(async () => {
    peers = await startServicePeers(options);
  });
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    await peers?.closeAll();
  });
  const started = lateBound(() => peers, 'the service peers');
  return {
    peers: started,
    startGateway: async (extra = {}, urls = urlsOf(started)) => {
      const gateway = await startTestGateway(gatewayEnv(urls, extra));
      gateways.push(gateway);
      return gateway;
    },
  };
}
