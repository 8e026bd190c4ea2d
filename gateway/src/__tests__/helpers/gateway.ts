import { loadGatewayConfig } from '../../config.js';
import { startGateway, type RunningGateway } from '../../server.js';

export async function startTestGateway(env: Record<string, string>): Promise<RunningGateway> {
  return startGateway(loadGatewayConfig(env));
}
