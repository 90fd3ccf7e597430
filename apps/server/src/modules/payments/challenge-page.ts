import type { Charge } from './payment-gateway.ts';
import { escapeHtml } from '../../lib/html-escape.ts';

/**
 * The test gateway's authentication page: plain HTML, no script (the site's Content-Security-
 * Policy allows only its own scripts, and a form needs none) and an inline style sheet, which
 * the policy allows. It stands in for the page a card's bank shows during 3-D Secure.
 */

export const formatUsd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const STYLE = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --text: #1b1f24; --muted: #5b6470;
  --border: #d8dce2; --accent: #1f5fd1; --accent-text: #fff; --warn-bg: #fff4d6; --warn-text: #6b4b00; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #111418; --card: #1b2027; --text: #e8ebef; --muted: #a2abb7; --border: #323a45;
    --accent: #5b8ff0; --accent-text: #0b0f14; --warn-bg: #3a2f10; --warn-text: #ffd978; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
  padding: 24px 16px; background: var(--bg); color: var(--text);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: 100%; max-width: 440px; background: var(--card); border: 1px solid var(--border);
  border-radius: 12px; padding: 28px 24px; }
.badge { display: inline-block; margin: 0 0 16px; padding: 4px 10px; border-radius: 999px;
  background: var(--warn-bg); color: var(--warn-text); font-size: 13px; font-weight: 600; }
h1 { margin: 0 0 8px; font-size: 22px; line-height: 1.3; }
p { margin: 0 0 16px; color: var(--muted); }
.amount { margin: 0 0 24px; padding: 16px; border: 1px solid var(--border); border-radius: 8px;
  display: flex; justify-content: space-between; align-items: baseline; color: var(--text); }
.amount strong { font-size: 24px; }
.actions { display: flex; flex-direction: column; gap: 10px; }
button, .link { display: block; width: 100%; padding: 12px 16px; border-radius: 8px;
  font: inherit; font-weight: 600; text-align: center; text-decoration: none; cursor: pointer; }
.primary { background: var(--accent); color: var(--accent-text); border: 1px solid var(--accent); }
.secondary { background: transparent; color: var(--text); border: 1px solid var(--border); }
button:focus-visible, .link:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Alpenkube test gateway</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="badge">Alpenkube test gateway · no real card is charged</p>
${body}
</main>
</body>
</html>`;
}

const amountBlock = (charge: Charge) =>
  `<div class="amount"><span>Amount</span><strong>${escapeHtml(formatUsd(charge.amountCents))} <small>USD</small></strong></div>`;

/** Asks the payer to complete or fail the authentication of a charge that waits for it. */
export function challengePage(charge: Charge, action: string): string {
  return page(
    'Authenticate this payment',
    `<h1>Authenticate this payment</h1>
<p>This is the test gateway's authentication page, standing in for your bank's. Choose how the
authentication ends: completing it lets the payment go through, failing it declines the payment.</p>
${amountBlock(charge)}
<form method="post" action="${escapeHtml(action)}" class="actions">
<button class="primary" type="submit" name="outcome" value="complete">Complete authentication</button>
<button class="secondary" type="submit" name="outcome" value="fail">Fail authentication</button>
</form>`,
  );
}

const SETTLED_TEXT: Record<Exclude<Charge['status'], 'requires_action'>, string> = {
  succeeded: 'The payment went through.',
  declined: 'The payment was declined.',
  cancelled: 'The payment was cancelled before it was authenticated.',
};

/** A charge that no longer waits: nothing is left to choose, only the way back. */
export function settledPage(charge: Charge, returnPath: string | null): string {
  const status = charge.status === 'requires_action' ? 'succeeded' : charge.status;
  const reason = charge.declineMessage ? ` ${charge.declineMessage}` : '';
  return page(
    'Nothing left to authenticate',
    `<h1>Nothing left to authenticate</h1>
<p>This payment no longer waits for authentication. ${escapeHtml(SETTLED_TEXT[status] + reason)}</p>
${amountBlock(charge)}
${returnPath ? `<a class="link primary" href="${escapeHtml(returnPath)}">Return to Alpenkube</a>` : ''}`,
  );
}

export function unknownChargePage(): string {
  return page(
    'Payment not found',
    `<h1>Payment not found</h1>
<p>The test gateway has no payment at this address. Start the payment again from Alpenkube.</p>
<a class="link primary" href="/">Go to Alpenkube</a>`,
  );
}
