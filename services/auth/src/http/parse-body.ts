/** Validates a JSON body with a contracts schema; a bad body is a 400 carrying the first message. */
import { AppError } from '@platform/service-kit';
import express from 'express';
import type { z } from 'zod';

/** Auth bodies are a few short fields. */
export const jsonBody = express.json({ limit: '16kb' });

export function parseBody<TSchema extends z.ZodType>(schema: TSchema, body: unknown): z.output<TSchema> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw AppError.fromZod(result.error);
  return result.data;
}
