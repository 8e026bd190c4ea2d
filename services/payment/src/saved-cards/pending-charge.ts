/**
 * A charge of a card on file made exactly once, whatever fails around it (a plan's instalments:
 * payment-plans/pending-charges.ts; a share's collection: share-collection-charges.ts): its idempotency
 * key, amount and card are committed as pending, on what it pays, before the provider is asked; the answer
 * is recorded, and the mark cleared, in one transaction holding the lock of what it pays. A mark found
 * without its answer (that transaction failed, or the process stopped after the provider answered) is
 * settled by asking again with the same key, amount and card, which the provider answers with the first
 * charge, before what it pays is charged or paid any other way, or refunded.
 */
import type { PaymentDeps } from '../runtime.js';
import { ChargeRefusedError, type CardCharge } from './card-vault.js';
import { vaultOfCard } from './card-vaults.js';
import type { SavedCardRow } from './saved-cards.tables.js';

/** A charge asked of the card's provider whose answer is not recorded yet. */
export interface PendingCharge {
  /** The provider's idempotency key: asked again with it, the provider answers the first charge. */
  key: string;
  /** Cents: the whole charge. */
  amount: number;
  /** The card asked: asked again, the same one (the card on file may have been replaced since). */
  card: Pick<SavedCardRow, 'provider' | 'providerCustomerId' | 'providerPaymentMethodId'>;
}

/** The provider's answer; 'refused': it charged nothing (the mark goes, as if never asked). */
export type AskedCharge = CardCharge | { status: 'refused'; error: ChargeRefusedError };

/** The card a charge names, kept with it so that asking again names the same one. */
export function cardAsked(card: SavedCardRow): PendingCharge['card'] {
  return {
    provider: card.provider,
    providerCustomerId: card.providerCustomerId,
    providerPaymentMethodId: card.providerPaymentMethodId,
  };
}

/**
 * Asks the provider for the pending charge (again: the same key, amount and card). Throws on any failure
 * that may have charged (no answer, no vault for its provider any more): the mark must stay, to be asked
 * again.
 */
export async function askPendingCharge(deps: PaymentDeps, pending: PendingCharge): Promise<AskedCharge> {
  const vault = vaultOfCard(deps, pending.card.provider);
  // Left pending: asked again once its provider is configured again.
  if (!vault) throw new Error(`no ${pending.card.provider} card vault to settle the charge ${pending.key}`);
  try {
    return await vault.charge(pending.card, pending.amount, pending.key);
  } catch (error) {
    if (error instanceof ChargeRefusedError) return { status: 'refused', error };
    throw error;
  }
}
