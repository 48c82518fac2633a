import { formatSgd } from "@herald/domain";

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#14161a}
main{max-width:560px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px} p.lead{color:#545b66;margin:0 0 20px}
.card{background:#fff;border:1px solid #dcdfe5;border-radius:8px;padding:20px;margin-bottom:16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:0}
dt{color:#545b66} dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:20px}
button{font:inherit;font-weight:600;border-radius:6px;padding:10px 20px;cursor:pointer;border:1px solid #1f57e0}
button.pay{background:#1f57e0;color:#fff} button.cancel{background:#fff;color:#1746b8}
button:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
table{width:100%;border-collapse:collapse;background:#fff} th,td{text-align:left;padding:8px;border-bottom:1px solid #dcdfe5}
td.num,th.num{text-align:right}
.badge{display:inline-block;font-size:12px;font-weight:600;border-radius:4px;padding:2px 6px}
.paid{background:#d9f2e3;color:#14663c}.pending{background:#fdf1d6;color:#7a4b00}.cancelled{background:#eceef2;color:#3b414a}
a{color:#1746b8}
@media (prefers-color-scheme:dark){body{background:#111317;color:#e8eaee}.card,table{background:#1b1e24;border-color:#333842}
th,td{border-color:#333842}dt,p.lead{color:#a9b0bb}a{color:#8fb0ff}button.cancel{background:#1b1e24;color:#8fb0ff}}`;

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(title)} · Herald sandbox</title>
<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const STATUS_TEXT: Record<string, string> = { pending: "Pending", paid: "Paid", cancelled: "Cancelled" };

/** The sandbox checkout: company, amount, Pay and Cancel (forms that carry the purchase's secret token). */
export function renderCheckoutPage(
  p: { id: string; company: string; amountCents: number; status: string },
  token: string,
  backUrl: string,
) {
  const action = `/_sandbox/checkout/${p.id}`;
  const hidden = `<input type="hidden" name="token" value="${esc(token)}">`;
  const buttons =
    p.status === "pending"
      ? `<div class="actions">
  <form method="post" action="${action}/pay">${hidden}<button class="pay" type="submit">Pay ${esc(formatSgd(p.amountCents))}</button></form>
  <form method="post" action="${action}/cancel">${hidden}<button class="cancel" type="submit">Cancel</button></form>
</div>`
      : `<p>This purchase is ${esc((STATUS_TEXT[p.status] ?? p.status).toLowerCase())}. <a href="${esc(backUrl)}">Back to Purchase Credit</a></p>`;
  return page(
    "Checkout",
    `<h1>Sandbox checkout</h1>
<p class="lead">No money moves here: Pay confirms the purchase the way a payment provider would, with a signed payment event.</p>
<section class="card" aria-label="Purchase">
<dl>
<dt>Company</dt><dd>${esc(p.company)}</dd>
<dt>Amount</dt><dd>${esc(formatSgd(p.amountCents))}</dd>
<dt>Status</dt><dd>${esc(STATUS_TEXT[p.status] ?? p.status)}</dd>
</dl>
${buttons}
</section>`,
  );
}

/** The sandbox payment history: the company's purchases, newest first. */
export function renderHistoryPage(
  company: string,
  rows: { id: string; amountCents: number; status: string; createdAt: Date; paidAt: Date | null }[],
  backUrl: string,
) {
  const when = (d: Date | null) =>
    d
      ? `<time datetime="${d.toISOString()}">${esc(d.toLocaleString("en-GB", { timeZone: "UTC" }))} UTC</time>`
      : "-";
  const body = rows.length
    ? `<table><caption class="lead" style="text-align:left">Purchases of ${esc(company)}</caption>
<thead><tr><th scope="col">Created</th><th scope="col" class="num">Amount</th><th scope="col">Status</th><th scope="col">Paid</th></tr></thead>
<tbody>${rows
        .map(
          (r) =>
            `<tr><td>${when(r.createdAt)}</td><td class="num">${esc(formatSgd(r.amountCents))}</td><td><span class="badge ${esc(r.status)}">${esc(STATUS_TEXT[r.status] ?? r.status)}</span></td><td>${when(r.paidAt)}</td></tr>`,
        )
        .join("")}</tbody></table>`
    : `<p class="card">There are no records found.</p>`;
  return page(
    "Payment history",
    `<h1>Payment history</h1>
<p class="lead">${esc(company)} · sandbox billing portal. <a href="${esc(backUrl)}">Back to Purchase Credit</a></p>
${body}`,
  );
}

/** A short page for an invalid or expired sandbox link, or a refused payment. */
export function renderSandboxNotice(title: string, text: string) {
  return page(title, `<h1>${esc(title)}</h1><p class="lead">${esc(text)}</p>`);
}
