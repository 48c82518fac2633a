/**
 * The generic signed-webhook connector, for the types without a connector of their own (Slack, WeChat, Microsoft
 * Teams, Webex Teams, WeCom, LINE Notify, Lark): text in and out through a bridge the company runs. Credentials: the
 * bridge's URL and a shared secret. Inbound events use openapi.yaml's ChannelInboundEvent shape on
 * POST /api/webhooks/channels/{id}, signed with `X-Herald-Signature` (timestamped, stale ones refused); replies are
 * POSTed to the bridge as JSON `{ eventId, kind: "message", platformId, text, attachments }`, signed the same way,
 * and the bridge answers `{ providerMessageId }`. Files travel as links (their public signed URLs).
 *
 * The bridge URL is the company's choice: it must be a public https address (lib/outbound-url.ts), checked when the
 * channel is saved and again for every reply, whose connection goes only to checked addresses; a redirect is not
 * followed (the message fails).
 */
import {
  checkOutboundUrl,
  type OutboundPolicy,
  OutboundUrlRefused,
  outboundRequest,
} from "../../lib/outbound-url";
import { signHeraldPayload, verifyHeraldSignature } from "../sms";
import { CAPABILITIES } from "./capabilities";
import { ChannelRejected, InvalidChannelCredentials } from "./errors";
import { ProviderRetry } from "./retry";
import type { ChannelDriver, ChannelType, InboundEvent } from "./types";

export const GENERIC_TYPES: ChannelType[] = [
  "SLACK",
  "WECHAT",
  "MICROSOFT TEAMS",
  "WEBEX TEAMS",
  "WECOM",
  "LINE NOTIFY",
  "LARK",
];

export const BRIDGE_URL_NOT_PUBLIC = "The bridge URL must be a public https address.";

export class GenericRetry extends ProviderRetry {
  constructor(message: string, throttled: boolean) {
    super(message, throttled);
    this.name = "GenericRetry";
  }
}

export function genericDriver(
  type: ChannelType,
  policy: OutboundPolicy = { allowPrivate: false },
): ChannelDriver {
  return {
    kind: "provider",
    connector: "generic-webhook",
    type,
    capabilities: CAPABILITIES[type],
    credentialFields: [
      { key: "bridgeUrl", label: "Bridge URL (receives replies)", secret: false, required: true },
      { key: "sharedSecret", label: "Shared secret (signs both directions)", secret: true, required: true },
    ],

    async validateCredentials(c) {
      let protocol = "";
      try {
        protocol = new URL(c.bridgeUrl ?? "").protocol;
      } catch {
        /* reported below */
      }
      if (protocol !== "https:" && protocol !== "http:")
        throw new InvalidChannelCredentials("Bridge URL must be an http(s) URL");
      try {
        await checkOutboundUrl(c.bridgeUrl ?? "", policy);
      } catch (err) {
        if (err instanceof OutboundUrlRefused) throw new InvalidChannelCredentials(BRIDGE_URL_NOT_PUBLIC);
        throw err;
      }
      if ((c.sharedSecret ?? "").length < 16) {
        throw new InvalidChannelCredentials("The shared secret must be at least 16 characters");
      }
      return { bridgeUrl: c.bridgeUrl ?? "", sharedSecret: c.sharedSecret ?? "" };
    },

    async send(channel, message) {
      const body = JSON.stringify({
        eventId: message.messageId,
        kind: "message",
        platformId: message.to,
        text: message.text ?? null,
        attachments: (message.attachments ?? []).map((a) => ({ url: a.url, mime: a.mime, name: a.name })),
      });
      let res: { status: number; text: string };
      try {
        res = await outboundRequest(channel.credentials.bridgeUrl ?? "", {
          policy,
          headers: {
            "content-type": "application/json",
            "x-herald-signature": signHeraldPayload(body, channel.credentials.sharedSecret ?? ""),
          },
          body,
        });
      } catch (err) {
        if (err instanceof OutboundUrlRefused) throw new ChannelRejected(BRIDGE_URL_NOT_PUBLIC);
        throw err;
      }
      let answer: { providerMessageId?: string; message?: string } = {};
      try {
        answer = JSON.parse(res.text) as typeof answer;
      } catch {
        /* no body */
      }
      const ok = res.status >= 200 && res.status < 300;
      if (ok) return { providerMessageId: answer.providerMessageId || `generic-${message.messageId}` };
      if (res.status >= 300 && res.status < 400) {
        throw new ChannelRejected(
          `The bridge answered with a redirect (HTTP ${res.status}), which is not followed`,
          String(res.status),
        );
      }
      if (res.status === 429 || res.status >= 500)
        throw new GenericRetry(answer.message ?? `HTTP ${res.status}`, res.status === 429);
      throw new ChannelRejected(
        answer.message ?? `The bridge refused the message (HTTP ${res.status})`,
        String(res.status),
      );
    },

    verifyWebhook(channel, headers, rawBody) {
      const header = headers["x-herald-signature"];
      return verifyHeraldSignature(
        rawBody,
        typeof header === "string" ? header : undefined,
        channel.credentials.sharedSecret ?? "",
      );
    },

    parseWebhook(body): InboundEvent[] {
      const e = body as {
        eventId?: string;
        kind?: string;
        platformId?: string;
        subscriberName?: string;
        text?: string | null;
        providerMessageId?: string;
      };
      if (!e?.eventId || !e.kind) return [];
      if (e.kind === "message" && e.platformId && e.text?.trim()) {
        return [
          {
            kind: "message",
            eventId: e.eventId,
            platformId: e.platformId,
            subscriberName: e.subscriberName ?? "",
            providerMessageId: e.providerMessageId ?? e.eventId,
            text: e.text,
          },
        ];
      }
      if ((e.kind === "delivery" || e.kind === "read" || e.kind === "failed") && e.providerMessageId) {
        return [
          {
            kind: "status",
            eventId: e.eventId,
            providerMessageId: e.providerMessageId,
            status: e.kind === "delivery" ? "delivered" : e.kind,
          },
        ];
      }
      return [];
    },
  };
}
