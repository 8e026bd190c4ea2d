/** The fuzz test every service suite runs: its routes fuzzed as its callers, and what must hold after. */
import { expect } from '@jest/globals';
import type { RunningService } from '../runtime/service.js';
import { fuzzRoutes, type FuzzRoutesOptions } from './fuzz.js';

/** The parts of a service under test (`startServiceUnderTest`) the fuzz test uses. */
export interface FuzzedService {
  service: Pick<RunningService, 'app' | 'url'>;
  logs: Record<string, unknown>[];
}

export interface FuzzSuiteOptions extends Omit<FuzzRoutesOptions, 'service' | 'logs'> {
  /** The fewest routes the service has: a router that lost its routes would otherwise pass. */
  minRoutes: number;
}

/**
 * Fuzzes every route of the service (its captured log lines name what a failing request logged), and
 * expects every contract to name a route, at least `minRoutes` routes, no failure, and the service still
 * answering its health check.
 */
export async function expectRoutesSurviveFuzzing(
  underTest: FuzzedService,
  { minRoutes, ...options }: FuzzSuiteOptions,
): Promise<void> {
  const report = await fuzzRoutes({
    ...options,
    service: underTest.service,
    logs: underTest.logs,
  });
  expect(report.unknownContracts).toEqual([]);
  expect(report.routes.length).toBeGreaterThanOrEqual(minRoutes);
  expect(report.failures).toEqual([]);
  expect((await fetch(`${underTest.service.url}/healthz`)).status).toBe(200);
}
