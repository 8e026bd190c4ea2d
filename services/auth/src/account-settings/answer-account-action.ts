/** The answer of an account change: `{ success: true, message }`, never cached. */
import type { AccountActionResponse } from '@platform/contracts';
import type { Response } from 'express';

export function answerAccountAction(res: Response, message: string, status = 200): void {
  const body: AccountActionResponse = { success: true, message };
  res.status(status).set('Cache-Control', 'no-store').json(body);
}
