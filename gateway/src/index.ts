export { createGateway, type Gateway, type GatewayDeps } from './app.js';
export { startGateway, type RunningGateway } from './server.js';
export type { InProcessServices } from './upstream/api-proxy.js';
export { gatewayConfigSchema, loadGatewayConfig, type GatewayConfig } from './config.js';
export { ROUTES, resolveService, isApiPath, type Route } from './routes.js';
export { REMOTES } from './front-end/front-end.router.js';
