/**
 * Refuses disposable and malformed addresses with the maintained list of the `mailchecker` package
 * (docs/decisions.md, 18). Server-side only: the list is large and must not reach a browser bundle.
 */
import MailChecker from 'mailchecker';
import { AppError } from '@platform/service-kit/errors';

export function assertBusinessEmail(email: string, message: string, field = 'email'): void {
  if (!MailChecker.isValid(email)) throw new AppError('invalid', message, [{ path: field, message }]);
}
