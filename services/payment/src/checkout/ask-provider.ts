/**
 * Calls a provider; a provider that fails or cannot be reached is a 502 (the adapter's own message when
 * it gives one, otherwise a plain one), never a 500.
 */
import { AppError, isAppError } from '@platform/service-kit/errors';
import type { Logger } from '@platform/service-kit/logger';

export const PROVIDER_UNREACHABLE = 'The payment provider could not be reached. Please try again.';

export async function askProvider<T>(logger: Logger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    logger.warn({ err: error }, `payment provider call failed: ${what}`);
    if (isAppError(error) && error.status === 502) throw error;
    throw new AppError('bad_gateway', PROVIDER_UNREACHABLE);
  }
}
