import { serviceConfigSchema } from '@platform/service-kit';
import type { z } from 'zod';

export const consultationConfigSchema = serviceConfigSchema('consultation', {});

export type ConsultationConfig = z.infer<typeof consultationConfigSchema>;
