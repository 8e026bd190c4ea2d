/** The consultation service's HTTP routes (behind the gateway's internal token). */
import type { ServiceDeps } from '@platform/service-kit';
import type { Router } from 'express';
import type { ConsultationConfig } from './config.js';

export function consultationRoutes(_router: Router, _deps: ServiceDeps<ConsultationConfig>): void {}
