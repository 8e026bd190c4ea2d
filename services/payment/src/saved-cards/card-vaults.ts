/**
 * Which vault keeps and charges cards: the provider that takes card payments (runtime.ts): Stripe when it
 * is configured, else the built-in test provider. A card saved with a provider no longer configured is
 * not charged (the collection answers 'no-card').
 */
import type { PaymentDeps } from '../runtime.js';
import { testCardVault, type CardVault } from './card-vault.js';
import type { SavedCardRow } from './saved-cards.tables.js';
import { StripeCardVault } from './stripe-card-vault.js';

const stripeVaults = new WeakMap<object, StripeCardVault>();

/** The Stripe vault, one per running service, when Stripe is configured. */
export function stripeCardVault(deps: PaymentDeps): StripeCardVault | null {
  if (!deps.runtime.stripe || !deps.config.STRIPE_SECRET_KEY) return null;
  let vault = stripeVaults.get(deps.runtime);
  if (!vault) {
    vault = new StripeCardVault({
      secretKey: deps.config.STRIPE_SECRET_KEY,
      apiBase: deps.config.STRIPE_API_BASE,
    });
    stripeVaults.set(deps.runtime, vault);
  }
  return vault;
}

/** The vault new cards are saved with; null when no card provider is configured. */
export function savingVault(deps: PaymentDeps): SavedCardRow['provider'] | null {
  const card = deps.runtime.card;
  if (!card) return null;
  if (card === deps.runtime.stripe) return 'stripe';
  return card === deps.runtime.test ? 'test' : null;
}

/** The vault that charges a saved card. */
export function vaultOfCard(deps: PaymentDeps, provider: SavedCardRow['provider']): CardVault | null {
  if (provider === 'stripe') return stripeCardVault(deps);
  return deps.runtime.test ? testCardVault : null;
}
