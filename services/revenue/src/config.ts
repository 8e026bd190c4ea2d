import { serviceConfigSchema } from '@platform/service-kit';
import type { z } from 'zod';

export const revenueConfigSchema = serviceConfigSchema('revenue', {});

export type RevenueConfig = z.infer<typeof revenueConfigSchema>;
