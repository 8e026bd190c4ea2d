/** The revenue service's HTTP routes (behind the gateway's internal token). */
import type { ServiceDeps } from '@platform/service-kit';
import type { Router } from 'express';
import type { RevenueConfig } from './config.js';

export function revenueRoutes(_router: Router, _deps: ServiceDeps<RevenueConfig>): void {}
