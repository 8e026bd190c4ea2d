/** Validates bodies and queries with the contracts; a bad one is a 400 carrying the first message. */
import { AppError } from '@platform/service-kit';
import express, { type Request } from 'express';
import type { z } from 'zod';

/** The forms are a few kilobytes of text at most. */
export const jsonBody = express.json({ limit: '64kb' });

export function parseInput<TSchema extends z.ZodType>(schema: TSchema, input: unknown): z.output<TSchema> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw AppError.fromZod(result.error);
  return result.data;
}

/** The first value of a query parameter (`?a=1&a=2` → '1'). */
export function queryValue(req: Request, name: string): string | undefined {
  const value = req.query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** The browser's address as the gateway forwarded it (Express `trust proxy` is set by the kit). */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
