/**
 * The sandbox channel driver: no provider account. Sent messages are already stored in the room (chat_messages),
 * which is where the subscriber page at /_sandbox/channels/:id reads them, so sending only hands back an id.
 * It follows the capability matrix of the type it stands in for (24-hour window, media, templates), so a trial
 * behaves like the real channel. Template sync returns a fixed sample set.
 */

import { CAPABILITIES } from "./capabilities";
import type { ChannelDriver, ChannelType, WhatsappTemplate } from "./types";

export const SANDBOX_TEMPLATES: WhatsappTemplate[] = [
  {
    name: "hello_world",
    language: "en_US",
    components: [
      { type: "HEADER", format: "TEXT", text: "Hello World" },
      {
        type: "BODY",
        text: "Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API.",
      },
      { type: "FOOTER", text: "WhatsApp Business Platform sample message" },
    ],
  },
  {
    name: "order_update",
    language: "en_US",
    components: [
      { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
      { type: "BODY", text: "Hi {{1}}, your order {{2}} is on its way and should arrive by {{3}}." },
      {
        type: "BUTTONS",
        buttons: [
          { type: "QUICK_REPLY", text: "Thanks" },
          { type: "URL", text: "Track order", url: "https://example.com/track/{{1}}" },
        ],
      },
    ],
  },
  {
    name: "promo_image",
    language: "en_US",
    components: [
      { type: "HEADER", format: "IMAGE" },
      { type: "BODY", text: "Hi {{1}}, use code {{2}} for 10% off this week." },
      { type: "FOOTER", text: "Reply STOP to opt out" },
      { type: "BUTTONS", buttons: [{ type: "COPY_CODE", text: "Copy code" }] },
    ],
  },
];

const drivers = new Map<ChannelType, ChannelDriver>();

export function sandboxDriver(type: ChannelType): ChannelDriver {
  let d = drivers.get(type);
  if (!d) {
    d = {
      kind: "sandbox",
      type,
      capabilities: CAPABILITIES[type],
      credentialFields: [],
      async validateCredentials() {
        return {};
      },
      async send(_channel, message) {
        return { providerMessageId: `sandbox-${message.messageId}` };
      },
      ...(CAPABILITIES[type].templates
        ? { syncTemplates: async () => SANDBOX_TEMPLATES.map((t) => structuredClone(t)) }
        : {}),
    };
    drivers.set(type, d);
  }
  return d;
}
