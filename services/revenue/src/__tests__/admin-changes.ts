/** What the tests of the admin's recorded changes (a baseline, an agreement date) share. */
import { expect } from '@jest/globals';

/**
 * Expects `response` to be an admin's change accepted (200) with `message`, the change it recorded being
 * `change` under an id of its own; answers the body, parsed with `schema`.
 */
export async function expectAdminChange<T extends { message: string; change: { id: string } }>(
  response: Response,
  schema: { parse(body: unknown): T },
  message: string,
  change: Record<string, unknown>,
): Promise<T> {
  expect(response.status).toBe(200);
  const answer = schema.parse(await response.json());
  expect(answer.message).toBe(message);
  expect(answer.change).toEqual({ id: expect.any(String), ...change });
  return answer;
}
