/**
 * The test provider's page for saving a card (TEST MODE): plain server-rendered HTML, one form per test
 * card (each saves it and goes back), and Cancel. Nothing is charged.
 */
import { TEST_SAVED_CARDS } from '@platform/contracts';
import { escapeHtml } from '@platform/service-kit/http';
import { renderTestPageDocument } from '../providers/test/test-checkout-page.js';

export const CARD_SETUP_PAGE_TITLE = 'Save a test card - Restaurant Consultant';

export function renderTestCardSetupPage(view: {
  actionBase: string;
  open: boolean;
  backUrl: string;
}): string {
  const forms = Object.entries(TEST_SAVED_CARDS)
    .map(
      ([behaviour, card]) => `
        <form method="post" action="${escapeHtml(`${view.actionBase}/save/${behaviour}`)}">
          <button type="submit">Save ${escapeHtml(card.label)}</button>
        </form>`,
    )
    .join('');
  const body = view.open
    ? `<div class="actions">${forms}
        <form method="post" action="${escapeHtml(`${view.actionBase}/cancel`)}">
          <button type="submit" class="cancel">Cancel</button>
        </form>
      </div>
      <p class="hint">Saving a card charges nothing. Shares due later are charged to it automatically; the card you
      pick decides whether those test charges succeed or are declined.</p>`
    : `<p class="status" role="status">This card setup is finished.</p>
      <p><a href="${escapeHtml(view.backUrl)}">Back</a></p>`;
  return renderTestPageDocument({
    title: CARD_SETUP_PAGE_TITLE,
    style: `
      body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2937; background: #f3f4f6; }
      .banner { margin: 0; padding: 12px 16px; background: #fde047; color: #422006; text-align: center; font-weight: 600; }
      main { max-width: 560px; margin: 24px auto; padding: 24px 20px; background: #fff; border-radius: 12px; }
      .actions { display: grid; gap: 12px; }
      .actions form { margin: 0; }
      button { width: 100%; min-height: 48px; padding: 12px 16px; font: inherit; font-weight: 600; border-radius: 8px; border: 2px solid #1d4ed8; background: #fff; color: #1d4ed8; cursor: pointer; text-align: left; }
      button:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
      .cancel { border-color: #9ca3af; color: #374151; text-align: center; }
      .hint { font-size: 0.875rem; color: #4b5563; }`,
    body: `
    <p class="banner" role="note"><strong>TEST MODE</strong> &mdash; no real card is saved and no money moves.</p>
    <main>
      <h1>Save a card for your revenue share</h1>
      ${body}
    </main>`,
  });
}
