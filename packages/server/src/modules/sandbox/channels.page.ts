/** Sandbox channel pages: a person plays a subscriber (send text, see the agents' replies and their statuses). */

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

const STYLE = `<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#14161a}
main{max-width:760px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px} p.lead{color:#545b66;margin:0 0 20px}
.card{background:#fff;border:1px solid #dcdfe5;border-radius:8px;padding:16px;margin-bottom:12px}
label{display:block;font-size:13px;color:#394049;margin:8px 0 4px}
input,textarea{width:100%;box-sizing:border-box;font:inherit;padding:8px;border:1px solid #b9bec7;border-radius:6px}
button{margin-top:10px;font:inherit;padding:8px 16px;border:0;border-radius:6px;background:#1f57e0;color:#fff}
.bubble{max-width:75%;padding:8px 12px;border-radius:10px;margin:6px 0;white-space:pre-wrap;word-break:break-word}
.inbox{background:#1f57e0;color:#fff;margin-left:auto}
.outbox{background:#fff;border:1px solid #dcdfe5}
.meta{font-size:12px;color:#545b66;margin-top:4px}.inbox .meta{color:#dfe6fb}
a{color:#1746b8} ul{padding-left:20px}
</style>`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>${STYLE}</head><body><main>${body}</main></body></html>`;

export interface SandboxChannelRow {
  id: string;
  name: string;
  channel_type: string;
  company: string;
}

export function renderChannelList(channels: SandboxChannelRow[]): string {
  const items = channels
    .map(
      (c) =>
        `<li><a href="/_sandbox/channels/${esc(c.id)}">${esc(c.name)}</a> · ${esc(c.channel_type)} · <span class="meta">${esc(c.company)}</span></li>`,
    )
    .join("");
  return page(
    "Herald sandbox channels",
    `<h1>Sandbox channels</h1>
<p class="lead">Play a subscriber on a sandbox channel: write to the company and read its agents' replies. <a href="/_sandbox">Mailbox</a></p>
<div class="card">${items ? `<ul>${items}</ul>` : "<p>No sandbox channel yet. Connect one in Channel Management.</p>"}</div>`,
  );
}

export interface ConversationMessage {
  id: string;
  type: "inbox" | "outbox";
  text: string | null;
  createdAt: string;
  deliveryStatus: string | null;
  messageStatus: string | null;
  remark: string | null;
  template: string | null;
  attachments: { name: string; url: string }[];
}

export function renderSubscriberPage(
  channel: SandboxChannelRow,
  who: { platformId: string; name: string } | undefined,
  messages: ConversationMessage[],
): string {
  const self = `/_sandbox/channels/${esc(channel.id)}`;
  const bubbles = messages
    .map((m) => {
      const status =
        m.type === "inbox" ? "you" : [m.deliveryStatus ?? "sending", m.remark].filter(Boolean).join(" · ");
      const files = m.attachments.map((a) => `<a href="${esc(a.url)}">${esc(a.name)}</a>`).join(" ");
      const body = `${esc(m.text ?? (m.template ? `[template ${m.template}]` : ""))}${files ? ` ${files}` : ""}`;
      return `<div class="bubble ${m.type}">${body}<div class="meta"><time datetime="${esc(m.createdAt)}">${esc(new Date(m.createdAt).toLocaleString("en-GB"))}</time> · ${esc(status)}</div></div>`;
    })
    .join("\n");
  const q = who
    ? `?platformId=${encodeURIComponent(who.platformId)}&name=${encodeURIComponent(who.name)}`
    : "";
  return page(
    `${channel.name} (sandbox)`,
    `<h1>${esc(channel.name)} <span class="meta">${esc(channel.channel_type)} sandbox · ${esc(channel.company)}</span></h1>
<p class="lead">You are the subscriber. Messages you send arrive in the company's inbox; replies appear here. <a href="${self}${q}">Refresh</a> · <a href="/_sandbox/channels">All sandbox channels</a></p>
<div class="card">${bubbles || '<p class="meta">No messages yet.</p>'}</div>
<form class="card" method="post" action="${self}/messages">
<label for="name">Your name</label><input id="name" name="subscriberName" required maxlength="255" value="${esc(who?.name ?? "Sandbox Subscriber")}">
<label for="pid">Your id on the channel</label><input id="pid" name="platformId" required maxlength="255" value="${esc(who?.platformId ?? `sandbox-${Math.floor(Math.random() * 1e6)}`)}">
<label for="text">Message</label><textarea id="text" name="text" required maxlength="4096" rows="3"></textarea>
<button type="submit">Send</button>
</form>`,
  );
}

export const renderNotFound = () =>
  page(
    "Not found",
    `<h1>Sandbox channel not found</h1><p><a href="/_sandbox/channels">All sandbox channels</a></p>`,
  );
