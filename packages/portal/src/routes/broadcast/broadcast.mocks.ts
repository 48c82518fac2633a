/**
 * Test-only: an in-memory broadcast API for the browser tests (msw handlers), typed by the generated client.
 * Never imported by the portal's screens.
 */
import type { Schema } from "@herald/api-client";
import { HttpResponse, http } from "msw";

type Breakdown = Schema<"BroadcastBreakdown">;
type Row = Schema<"BroadcastRecipientRow">;

const id = (n: number) => `0190a1b2-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
export const BROADCAST_ID = id(0xb1);
export const WA_CHANNEL = id(0xc1);
export const TG_CHANNEL = id(0xc2);
export const CAMPAIGN_ID = id(0xa1);
export const SUB_1 = id(0x51);
export const SUB_2 = id(0x52);
export const GROUP_ID = id(0x61);
export const ATTACHMENT_ID = id(0x71);

export interface Call {
  path: string;
  body?: unknown;
}

export interface BroadcastState {
  list: Schema<"BroadcastListItem">[];
  breakdown: Breakdown;
  takenNames: string[];
  calls: Call[];
  failList?: boolean;
  failSend?: boolean;
  failOptions?: boolean;
  sendStatus: "executed" | "received";
  fileResult?: Schema<"BroadcastFileResult">;
  /** Pause, resume and cancel answer 409 with this message. */
  failControl?: string;
  /** Pause, resume and cancel wait for this before answering (to see the busy state). */
  holdControl?: Promise<void>;
}

export const recipient = (n: number, patch: Partial<Row> = {}): Row => ({
  id: id(0x900 + n),
  name: `Subscriber ${n}`,
  contactName: `Contact ${n}`,
  channel_type: "WHATSAPP",
  delivery_status: "delivered",
  remark: null,
  created_at: "2026-02-01T10:00:00.000Z",
  text: null,
  url: null,
  type: null,
  filename: null,
  mime: null,
  whatsapp_template_components: [{ type: "BODY", text: "Hello {{1}}, your order is ready" }],
  whatsapp_template_variables: { body: [`Name ${n}`] },
  whatsapp_template_metadata: null,
  ...patch,
});

export function initialBroadcastState(): BroadcastState {
  return {
    list: [
      {
        id: BROADCAST_ID,
        name: "Spring sale",
        description: "Orders ready for pickup",
        campaignName: "Spring",
        total: 3,
        createdAt: "2026-02-01T10:00:00.000Z",
      },
      {
        id: id(0xb2),
        name: "Holiday hours",
        description: null,
        campaignName: null,
        total: 1200,
        createdAt: "2026-01-20T08:00:00.000Z",
      },
    ],
    breakdown: {
      id: BROADCAST_ID,
      name: "Spring sale",
      description: "Orders ready for pickup",
      campaignName: "Spring",
      type: "template",
      method: "file",
      channelType: "WHATSAPP",
      createdAt: "2026-02-01T10:00:00.000Z",
      preview: {
        text: null,
        attachment: null,
        whatsappTemplateComponents: [{ type: "BODY", text: "Hello {{1}}, your order is ready" }],
        whatsappTemplateVariables: { body: ["{{name}}"] },
      },
      stats: { total: 3, sent: 3, delivered: 2, read: 1, failed: 0 },
      recipients: [
        recipient(1, { delivery_status: "read" }),
        recipient(2),
        recipient(3, { delivery_status: "failed", remark: "Number not on WhatsApp" }),
      ],
    },
    takenNames: ["Spring sale"],
    calls: [],
    sendStatus: "executed",
  };
}

export function broadcastHandlers(state: BroadcastState) {
  const record = async (request: Request, path: string) => {
    const type = request.headers.get("content-type") ?? "";
    const body = type.includes("json") ? await request.json() : undefined;
    state.calls.push({ path, body });
  };
  const in24h = new Date(Date.now() + 3_600_000).toISOString();
  return [
    http.get("/api/social-chat/broadcast", ({ request }) => {
      state.calls.push({ path: `list ${new URL(request.url).search}` });
      if (state.failList) return HttpResponse.json({ message: "boom" }, { status: 500 });
      return HttpResponse.json({ data: state.list });
    }),
    http.get("/api/social-chat/broadcast/subscribers", () =>
      HttpResponse.json({
        data: [
          {
            id: SUB_1,
            name: "Ann Tan",
            mobile: "+6591234567",
            platformId: "6591234567",
            channelId: WA_CHANNEL,
            channelType: "WHATSAPP",
            conversationExpiry: in24h,
          },
          {
            id: SUB_2,
            name: "Ben Ong",
            mobile: null,
            platformId: "tg-42",
            channelId: TG_CHANNEL,
            channelType: "TELEGRAM",
            conversationExpiry: null,
          },
        ],
      }),
    ),
    http.get("/api/social-chat/broadcast/campaigns", () =>
      state.failOptions
        ? HttpResponse.json({ message: "boom" }, { status: 500 })
        : HttpResponse.json({ data: [{ id: CAMPAIGN_ID, name: "Spring" }] }),
    ),
    http.get("/api/social-chat/broadcast/validate/:name", ({ params }) => {
      const name = decodeURIComponent(String(params.name));
      state.calls.push({ path: `validate ${name}` });
      if (state.takenNames.includes(name))
        return HttpResponse.json(
          { message: "Broadcast Name already exists. Please use another name." },
          { status: 409 },
        );
      return HttpResponse.json({ message: "OK" });
    }),
    http.post("/api/social-chat/broadcast/send", async ({ request }) => {
      await record(request, "send");
      if (state.failSend)
        return HttpResponse.json(
          { message: "Broadcast Name already exists. Please use another name." },
          { status: 409 },
        );
      return HttpResponse.json({
        broadcastId: BROADCAST_ID,
        status: state.sendStatus,
        message: state.sendStatus === "executed" ? "Broadcast Executed" : "Broadcast Received",
      });
    }),
    http.post("/api/social-chat/broadcast/file/:x", async ({ request, params }) => {
      const form = await request.formData();
      state.calls.push({ path: `file ${String(params.x)}`, body: { broadcastId: form.get("broadcastId") } });
      return HttpResponse.json(
        state.fileResult ?? { broadcastId: BROADCAST_ID, total: 1, ready: 1, issues: [] },
      );
    }),
    http.post("/api/social-chat/attachment/upload", async () => {
      state.calls.push({ path: "attachment" });
      return HttpResponse.json({ attachmentId: ATTACHMENT_ID });
    }),
    ...(["pause", "resume", "cancel"] as const).map((action) =>
      http.post(`/api/social-chat/broadcast/:id/${action}`, async ({ params }) => {
        state.calls.push({ path: `${action} ${String(params.id)}` });
        await state.holdControl;
        if (params.id !== BROADCAST_ID)
          return HttpResponse.json({ message: "Broadcast not found" }, { status: 404 });
        if (state.failControl) return HttpResponse.json({ message: state.failControl }, { status: 409 });
        const status = action === "pause" ? "paused" : action === "resume" ? "running" : "cancelled";
        state.breakdown = { ...state.breakdown, status };
        return HttpResponse.json({ id: BROADCAST_ID, status });
      }),
    ),
    // The event stream: "no content" tells EventSource not to reconnect (the page polls instead).
    http.get("/api/events", () => new HttpResponse(null, { status: 204 })),
    http.get("/api/social-chat/broadcast/:id/recipients/export", ({ params, request }) => {
      state.calls.push({ path: `export ${String(params.id)} ${new URL(request.url).search}` });
      if (params.id !== BROADCAST_ID)
        return HttpResponse.json({ message: "Broadcast not found" }, { status: 404 });
      return new HttpResponse("Row,Mobile,Name\r\n1,6591234567,Contact 1\r\n", {
        headers: {
          "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "content-disposition": `attachment; filename="Spring sale-recipients.xlsx"; filename*=UTF-8''Spring%20sale-recipients.xlsx`,
        },
      });
    }),
    http.get("/api/social-chat/broadcast/:id", ({ params }) => {
      state.calls.push({ path: `breakdown ${String(params.id)}` });
      if (params.id !== BROADCAST_ID) return HttpResponse.json({ message: "Not found" }, { status: 404 });
      return HttpResponse.json(state.breakdown);
    }),
    http.get("/api/social-chat/channel/company-channel", () =>
      HttpResponse.json({
        data: [
          {
            id: WA_CHANNEL,
            name: "Support line",
            channelType: "WHATSAPP",
            createdAt: "2026-01-05T09:30:00.000Z",
            creatorFirstName: "Mia",
            creatorLastName: "Lim",
          },
          {
            id: TG_CHANNEL,
            name: "Bot news",
            channelType: "TELEGRAM",
            createdAt: "2026-01-05T09:30:00.000Z",
            creatorFirstName: "Mia",
            creatorLastName: "Lim",
          },
        ],
      }),
    ),
    http.get("/api/social-chat/channel/:id/whatsapp-templates", () =>
      HttpResponse.json({
        data: [
          {
            name: "order_ready",
            language: "en_US",
            components: [{ type: "BODY", text: "Hello {{1}}, your order is ready" }],
          },
          {
            name: "promo_image",
            language: "en_US",
            components: [
              { type: "HEADER", format: "IMAGE" },
              { type: "BODY", text: "New arrivals this week" },
            ],
          },
        ],
      }),
    ),
    http.get("/api/groups", () =>
      HttpResponse.json({
        nextCursor: null,
        total: 1,
        data: [
          {
            id: GROUP_ID,
            name: "VIP",
            group_name: "VIP",
            total_recipients: 12,
            created_at: "2026-01-01T00:00:00.000Z",
            updated_at: "2026-01-01T00:00:00.000Z",
          },
        ],
      }),
    ),
  ];
}
