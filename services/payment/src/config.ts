import { serviceConfigSchema } from '@platform/service-kit';
import type { z } from 'zod';

export const paymentConfigSchema = serviceConfigSchema('payment', {});

export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
