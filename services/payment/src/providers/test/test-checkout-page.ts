/**
 * The test provider's hosted checkout page: plain server-rendered HTML with a little CSS, readable on a
 * phone, every user value escaped. It says TEST MODE in a banner and offers three real buttons, each in
 * its own form: 'Pay (test mode)', 'Decline' and 'Cancel'.
 */
import type { OrderLine } from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import { escapeHtml } from '@platform/service-kit/http';

export const PAGE_TITLE = 'Test checkout - Restaurant Consultant';

export interface TestCheckoutView {
  sessionId: string;
  state: 'open' | 'paid' | 'declined' | 'expired';
  lines: OrderLine[];
  /** Cents. */
  amount: number;
  currency: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

/** Security headers for the page: nothing but its own inline styles and forms posting to itself. */
export const TEST_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/**
 * The HTML document every test page is: its title, kept out of search engines unless `indexed`, its own
 * inline `style` if any, and `body`, the markup inside `<body>`.
 */
export function renderTestPageDocument(page: {
  title: string;
  indexed?: boolean;
  style?: string;
  body: string;
}): string {
  const robots = page.indexed ? '' : '\n    <meta name="robots" content="noindex">';
  const style = page.style ? `\n    <style>${page.style}\n    </style>` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">${robots}
    <title>${escapeHtml(page.title)}</title>${style}
  </head>
  <body>${page.body}
  </body>
</html>
`;
}

export function renderTestCheckoutPage(view: TestCheckoutView, actionBase: string): string {
  const rows = view.lines
    .map(
      (line) => `
          <tr>
            <th scope="row">${escapeHtml(line.name)}</th>
            <td class="num">${line.quantity}</td>
            <td class="num">${line.unitPrice === 0 ? 'Included' : formatMoney(line.unitPrice * line.quantity)}</td>
          </tr>`,
    )
    .join('');
  // A coupon's discount is what the lines cost above the amount charged.
  const discount = view.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0) - view.amount;
  const discountRow =
    discount > 0
      ? `
          <tr><th scope="row" colspan="2">Discount</th><td class="num">-${escapeHtml(formatMoney(discount))}</td></tr>`
      : '';
  const action = (name: string) => escapeHtml(`${actionBase}/${encodeURIComponent(view.sessionId)}/${name}`);
  const body =
    view.state === 'open'
      ? `
      <div class="actions">
        <form method="post" action="${action('pay')}">
          <button type="submit" class="pay">Pay (test mode)</button>
        </form>
        <form method="post" action="${action('decline')}">
          <button type="submit" class="decline">Decline</button>
        </form>
        <form method="post" action="${action('cancel')}">
          <button type="submit" class="cancel">Cancel</button>
        </form>
      </div>
      <p class="hint">'Pay (test mode)' completes the order as a real payment would, without charging anything.
      'Decline' behaves like a declined card. 'Cancel' goes back to the checkout.</p>`
      : view.state === 'paid'
        ? `
      <p class="status" role="status">This test payment is complete.</p>
      <p><a class="link" href="${escapeHtml(view.successUrl)}">Continue to your order</a></p>`
        : `
      <p class="status" role="status">${
        view.state === 'declined' ? 'This test payment was declined.' : 'This test checkout has expired.'
      }</p>
      <p><a class="link" href="${escapeHtml(view.cancelUrl)}">Back to checkout</a></p>`;

  return renderTestPageDocument({
    title: PAGE_TITLE,
    style: `
      *, *::before, *::after { box-sizing: border-box; }
      body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2937; background: #f3f4f6; }
      .banner { margin: 0; padding: 12px 16px; background: #fde047; color: #422006; text-align: center; font-weight: 600; border-bottom: 2px solid #ca8a04; }
      main { max-width: 560px; margin: 24px auto; padding: 24px 20px; background: #fff; border-radius: 12px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
      h1 { margin: 0 0 4px; font-size: 1.5rem; }
      .email { margin: 0 0 16px; color: #4b5563; overflow-wrap: anywhere; }
      table { width: 100%; border-collapse: collapse; margin-bottom: 16px; }
      caption { text-align: left; font-weight: 600; padding-bottom: 8px; }
      th, td { padding: 8px 4px; border-bottom: 1px solid #e5e7eb; text-align: left; font-weight: normal; vertical-align: top; }
      thead th { font-size: 0.875rem; color: #4b5563; }
      .num { text-align: right; white-space: nowrap; }
      tfoot th, tfoot td { font-weight: 700; border-bottom: 0; font-size: 1.125rem; }
      .actions { display: grid; gap: 12px; }
      .actions form { margin: 0; }
      button { width: 100%; min-height: 48px; padding: 12px 16px; font: inherit; font-weight: 600; border-radius: 8px; border: 2px solid transparent; cursor: pointer; }
      button:focus-visible, .link:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
      .pay { background: #15803d; color: #fff; }
      .decline { background: #fff; color: #b91c1c; border-color: #b91c1c; }
      .cancel { background: #fff; color: #374151; border-color: #9ca3af; }
      .hint { font-size: 0.875rem; color: #4b5563; }
      .status { font-weight: 600; }
      .link { color: #1d4ed8; }`,
    body: `
    <p class="banner" role="note"><strong>TEST MODE</strong> &mdash; this is the built-in test checkout. No real payment is taken.</p>
    <main>
      <h1>Checkout</h1>
      <p class="email">Paying as ${escapeHtml(view.customerEmail)}</p>
      <table>
        <caption>Your order</caption>
        <thead>
          <tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Price</th></tr>
        </thead>
        <tbody>${rows}
        </tbody>
        <tfoot>${discountRow}
          <tr><th scope="row" colspan="2">Total</th><td class="num">${escapeHtml(formatMoney(view.amount))}</td></tr>
        </tfoot>
      </table>${body}
    </main>`,
  });
}

/** A small page for a session that does not exist. */
export function renderNotFoundPage(): string {
  return renderTestPageDocument({
    title: PAGE_TITLE,
    indexed: true,
    body: `
    <p><strong>TEST MODE</strong></p>
    <h1>Checkout not found</h1>
    <p>This test checkout does not exist. <a href="/checkout">Back to checkout</a></p>`,
  });
}
