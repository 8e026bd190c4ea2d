import { describe, expect, it } from '@jest/globals';
import type { ChangePasswordRequest } from '@platform/contracts';
import { ApiError } from '@platform/ui';
import { passwordChanger } from '../lib/password-change';

const OLD = 'Tables35+Full!';
const NEW = 'Kitchen42+Open!';
const request: ChangePasswordRequest = { currentPassword: OLD, password: NEW, confirmPassword: NEW };
const wrongCurrent = () =>
  new ApiError(
    400,
    JSON.stringify({
      message: 'Your current password is incorrect',
      issues: [{ path: 'currentPassword', message: 'Your current password is incorrect' }],
    }),
  );

/** A server holding one password; `lose` answers of changes it made are lost on the way back. */
function server(lose: number) {
  let password = OLD;
  const sent: ChangePasswordRequest[] = [];
  const send = async (change: ChangePasswordRequest) => {
    sent.push(change);
    if (change.currentPassword !== password) throw wrongCurrent();
    password = change.password;
    if (lose > 0) {
      lose -= 1;
      throw new TypeError('Failed to fetch');
    }
    return 'Your password has been changed.';
  };
  return { send, sent, password: () => password };
}

describe('a password change pressed again', () => {
  it('after a lost answer that changed it: says it was changed', async () => {
    const site = server(1);
    const change = passwordChanger(site.send);
    await expect(change(request)).rejects.toThrow('Failed to fetch');
    await expect(change(request)).resolves.toBe('Your password has been changed.');
    expect(site.password()).toBe(NEW);
    expect(site.sent.map((sent) => sent.currentPassword)).toEqual([OLD, OLD, NEW]);
  });

  it('with a wrong current password and no lost answer: the refusal stands, nothing else is tried', async () => {
    const site = server(0);
    const change = passwordChanger(site.send);
    const failure = await change({ ...request, currentPassword: 'Wrong+Password1' }).catch(
      (error: unknown) => error,
    );
    expect((failure as ApiError).serverMessage).toBe('Your current password is incorrect');
    expect(site.sent).toHaveLength(1);
    expect(site.password()).toBe(OLD);
  });

  it('after a lost answer with another new password typed: the refusal stands', async () => {
    const site = server(1);
    const change = passwordChanger(site.send);
    await expect(change(request)).rejects.toThrow('Failed to fetch');
    const other = 'Another+Pass77!';
    const failure = await change({ currentPassword: OLD, password: other, confirmPassword: other }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect(site.sent).toHaveLength(2);
  });

  it('after a request that never reached the server and a wrong current password: the refusal stands', async () => {
    let password = OLD;
    const sent: ChangePasswordRequest[] = [];
    let down = true;
    const change = passwordChanger(async (change) => {
      sent.push(change);
      if (down) {
        down = false;
        throw new TypeError('Failed to fetch');
      }
      if (change.currentPassword !== password) throw wrongCurrent();
      password = change.password;
      return 'changed';
    });
    const typo = { ...request, currentPassword: 'Tables35+Ful!' };
    await expect(change(typo)).rejects.toThrow('Failed to fetch');
    const failure = await change(typo).catch((error: unknown) => error);
    expect((failure as ApiError).serverMessage).toBe('Your current password is incorrect');
    // The new password was tried as the current one, and refused: nothing changed.
    expect(sent.map((attempt) => attempt.currentPassword)).toEqual([
      typo.currentPassword,
      typo.currentPassword,
      NEW,
    ]);
    expect(password).toBe(OLD);
  });
});
