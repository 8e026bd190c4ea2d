/**
 * The admin's customers as auth answers them (docs/behaviour/admin.md#customers): found by part of the name
 * or e-mail, newest first, a page at a time, with the last sign-in; a set-password link sent on request;
 * nobody but the admin may look.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  AdminCustomerPageSchema,
  AdminCustomerSchema,
  CUSTOMER_PAGE_SIZE,
  type Caller,
} from '@platform/contracts';
import { backings, PASSWORD, signupBody, uniqueEmail, useAuth } from '../../__tests__/harness.js';

const ADMIN: Caller = { kind: 'user', userId: randomUUID(), email: 'admin@localhost', role: 'admin' };

describe.each(backings())('the admin customers on $name', (factory) => {
  const BOSS = 'boss.customers@example.com';
  const auth = useAuth(factory, { env: { ADMIN_EMAIL: BOSS, ADMIN_PASSWORD: PASSWORD } });

  async function signUp(email: string, firstName: string, lastName: string) {
    const response = await auth.call('/api/auth/signup', {
      json: signupBody(email, { firstName, lastName }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { user: { id: string } }).user.id;
  }
  const search = async (query: string, caller: Caller = ADMIN) =>
    auth.call(`/api/admin/customers${query}`, { caller });

  it('finds a customer by part of the name or e-mail, any case, with the last sign-in', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const email = uniqueEmail(`marta.${tag}`);
    const id = await signUp(email, 'Marta', `Kowalska${tag}`);
    await signUp(uniqueEmail('someone.else'), 'Other', 'Person');

    for (const query of [tag.toUpperCase(), `marta kowalska${tag}`, email.slice(0, 12)]) {
      const page = AdminCustomerPageSchema.parse(
        await (await search(`?q=${encodeURIComponent(query)}`)).json(),
      );
      expect(page.customers.map((customer) => customer.id)).toContain(id);
    }
    const page = AdminCustomerPageSchema.parse(await (await search(`?q=${tag}`)).json());
    expect(page).toEqual({
      customers: [
        {
          id,
          firstName: 'Marta',
          lastName: `Kowalska${tag}`,
          email: email.toLowerCase(),
          isMember: false,
          planStatus: 'regular',
          createdAt: auth.clock.now().toISOString(),
          // Signing up signs in.
          lastSignInAt: auth.clock.now().toISOString(),
        },
      ],
      nextOffset: null,
    });
    // A wildcard stands for itself.
    expect(AdminCustomerPageSchema.parse(await (await search('?q=%25%25')).json()).customers).toEqual([]);

    const one = await auth.call(`/api/admin/customers/${id}`, { caller: ADMIN });
    expect(AdminCustomerSchema.parse(await one.json())).toEqual(page.customers[0]);
    expect((await auth.call(`/api/admin/customers/${randomUUID()}`, { caller: ADMIN })).status).toBe(404);
  });

  it('pages through everyone, newest first, and leaves the admin out', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (let index = 0; index <= CUSTOMER_PAGE_SIZE; index += 1) {
      auth.clock.advance(1000);
      ids.push(await signUp(uniqueEmail(`${tag}.${index}`), 'Page', `Person ${index}`));
    }
    const first = AdminCustomerPageSchema.parse(await (await search(`?q=${tag}`)).json());
    expect(first.customers.map((customer) => customer.id)).toEqual(ids.slice(1).reverse());
    expect(first.nextOffset).toBe(CUSTOMER_PAGE_SIZE);
    const second = AdminCustomerPageSchema.parse(
      await (await search(`?q=${tag}&offset=${first.nextOffset}`)).json(),
    );
    expect(second).toEqual({ customers: [expect.objectContaining({ id: ids[0] })], nextOffset: null });

    // The admin account (made at start) is no customer, though it signs in.
    expect((await auth.call('/api/auth/login', { json: { email: BOSS, password: PASSWORD } })).status).toBe(
      200,
    );
    expect(AdminCustomerPageSchema.parse(await (await search('?q=boss.customers')).json()).customers).toEqual(
      [],
    );
  });

  it('sends a set-password link through the forgotten-password e-mail', async () => {
    const email = uniqueEmail('link');
    const id = await signUp(email, 'Link', 'Needed');
    const before = (await auth.events('auth.password-reset.requested')).length;
    const response = await auth.call(`/api/admin/customers/${id}/set-password-link`, {
      caller: ADMIN,
      method: 'POST',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'A set-password link is on its way to the customer.' });
    const events = await auth.events('auth.password-reset.requested');
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)!.data).toMatchObject({ userId: id, email: email.toLowerCase() });

    const unknown = await auth.call(`/api/admin/customers/${randomUUID()}/set-password-link`, {
      caller: ADMIN,
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
    expect((await auth.events('auth.password-reset.requested')).length).toBe(before + 1);
  });

  it('refuses everyone but the admin, and a bad query with its message', async () => {
    const member: Caller = { kind: 'user', userId: randomUUID(), email: 'm@example.com', role: 'user' };
    expect((await search('', member)).status).toBe(403);
    expect((await search('', { kind: 'anonymous' })).status).toBe(401);
    const id = await signUp(uniqueEmail('guarded'), 'Guarded', 'Person');
    const before = (await auth.events('auth.password-reset.requested')).length;
    const refused = await auth.call(`/api/admin/customers/${id}/set-password-link`, {
      caller: member,
      method: 'POST',
    });
    expect(refused.status).toBe(403);
    expect((await auth.events('auth.password-reset.requested')).length).toBe(before);

    const bad = await search('?offset=-1');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      issues: [{ path: 'offset', message: 'offset must be at least 0' }],
    });
  });
});
