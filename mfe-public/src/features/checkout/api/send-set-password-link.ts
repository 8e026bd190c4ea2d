/**
 * `POST /api/auth/forgot-password` from the order confirmation: e-mails the buyer a fresh link to set
 * their password. The answer is the same whether or not the address has an account, and the auth service
 * limits how many links one address gets in an hour; the link itself travels only by e-mail.
 */
import { requestParsed } from '@platform/ui';

/** The server's words for the buyer. */
export async function sendSetPasswordLink(email: string): Promise<string> {
  const answer = await requestParsed(
    'POST',
    '/api/auth/forgot-password',
    { email },
    (contracts) => contracts.ForgotPasswordResponseSchema,
  );
  return answer.message;
}
