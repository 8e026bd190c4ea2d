/** A customer as the ledger names them: 'First Last', or the e-mail when the account has no name. */
import type { RevenueCustomer } from '@platform/contracts';

export function customerName(customer: Pick<RevenueCustomer, 'firstName' | 'lastName' | 'email'>): string {
  return `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
}
