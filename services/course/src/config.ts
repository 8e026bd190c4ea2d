import { serviceConfigSchema } from '@platform/service-kit';
import type { z } from 'zod';

export const courseConfigSchema = serviceConfigSchema('course', {});

export type CourseConfig = z.infer<typeof courseConfigSchema>;
