/** The payment service's HTTP routes (behind the gateway's internal token). */
import type { ServiceDeps } from '@platform/service-kit';
import type { Router } from 'express';
import type { PaymentConfig } from './config.js';

export function paymentRoutes(_router: Router, _deps: ServiceDeps<PaymentConfig>): void {}
