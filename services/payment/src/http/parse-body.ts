/** Validates a JSON body with a contracts schema; a bad body is a 400 carrying the first message. */
import { AppError } from '@platform/service-kit';
import express from 'express';
import type { z } from 'zod';

/** Checkout bodies are a billing form and at most 20 short lines. */
export const jsonBody = express.json({ limit: '32kb' });

export function parseBody<TSchema extends z.ZodType>(schema: TSchema, body: unknown): z.output<TSchema> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw AppError.fromZod(result.error);
  return result.data;
}
