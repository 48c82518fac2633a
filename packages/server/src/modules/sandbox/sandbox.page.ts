import { countSms } from "@herald/domain";
import type { listSandboxMessages } from "../../sandbox/store";

type Message = Awaited<ReturnType<typeof listSandboxMessages>>[number];

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

/** What a handset receives: the encoding and the number of parts (segments) the message was sent in. */
function smsParts(text: string): string {
  const c = countSms(text);
  const encoding = c.encoding === "gsm7" ? "GSM-7" : "UCS-2";
  return `<span class="muted parts">${encoding} · ${Math.max(1, c.segments)} ${c.segments > 1 ? "parts" : "part"}</span> `;
}

/** A self-contained page listing captured e-mail and SMS, newest first. User content is escaped, never rendered. */
export function renderSandboxPage(messages: Message[]): string {
  const items = messages
    .map(
      (m) => `<article class="msg">
  <header><span class="kind ${m.kind}">${m.kind === "email" ? "E-mail" : "SMS"}</span>${m.kind === "sms" ? smsParts(m.text) : ""}
  <strong>To:</strong> ${esc(m.to)} <span class="muted">from ${esc(m.from)} · <time datetime="${m.createdAt}">${esc(new Date(m.createdAt).toLocaleString("en-GB"))}</time></span></header>
  ${m.subject ? `<h2>${esc(m.subject)}</h2>` : ""}
  <pre>${esc(m.text)}</pre>
  ${m.links.length ? `<ul class="links">${m.links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join("")}</ul>` : ""}
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Herald sandbox mailbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#14161a}
main{max-width:860px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px} p.lead{color:#545b66;margin:0 0 20px}
.msg{background:#fff;border:1px solid #dcdfe5;border-radius:8px;padding:16px;margin-bottom:12px}
.msg h2{font-size:16px;margin:8px 0}
.muted{color:#545b66;font-size:13px}
.kind{display:inline-block;font-size:12px;font-weight:600;border-radius:4px;padding:2px 6px;margin-right:8px;color:#fff}
.kind.email{background:#1f57e0}.kind.sms{background:#14663c}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:8px 0}
a{color:#1746b8}
</style></head>
<body><main>
<h1>Sandbox mailbox</h1>
<p class="lead">E-mail and SMS captured by the sandbox providers, newest first. JSON: <a href="/_sandbox/messages.json">/_sandbox/messages.json</a>. Play a subscriber: <a href="/_sandbox/channels">sandbox channels</a>. Refresh to see new messages.</p>
${items || '<p class="muted">No messages yet.</p>'}
</main></body></html>`;
}
