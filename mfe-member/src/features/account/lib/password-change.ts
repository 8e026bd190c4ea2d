/**
 * A password change pressed again after its answer was lost on poor Wi-Fi: the first press may have
 * changed the password, so the current password typed (the old one) is now refused as incorrect. Then the
 * new password is tried as the current one (changing it to itself): accepted, the first press did change
 * it, and the owner is told so; refused too, the first refusal stands.
 */
import type { ChangePasswordRequest } from '@platform/contracts';
import { ApiError } from '@platform/ui';

/** A 400 that names the current password: it is not the account's. */
export function refusesCurrentPassword(failure: unknown): boolean {
  return (
    failure instanceof ApiError &&
    failure.status === 400 &&
    failure.issues.some((issue) => issue.path === 'currentPassword')
  );
}

/**
 * `send` (the change, resolving with the server's words) wrapped so that it remembers the new password of
 * a press that got no answer, and tells the truth about it on the next press.
 */
export function passwordChanger(
  send: (request: ChangePasswordRequest) => Promise<string>,
): (request: ChangePasswordRequest) => Promise<string> {
  let unanswered: string | null = null;
  return async (request) => {
    try {
      const message = await send(request);
      unanswered = null;
      return message;
    } catch (failure) {
      if (!(failure instanceof ApiError)) {
        unanswered = request.password;
        throw failure;
      }
      if (unanswered !== request.password || !refusesCurrentPassword(failure)) throw failure;
      try {
        const message = await send({ ...request, currentPassword: request.password });
        unanswered = null;
        return message;
      } catch (again) {
        throw refusesCurrentPassword(again) ? failure : again;
      }
    }
  };
}
