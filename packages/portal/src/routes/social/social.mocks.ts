/**
 * Test-only: an in-memory social API for the browser tests (msw handlers), typed by the generated client.
 * Never imported by the portal's screens.
 */
import type { Schema } from "@herald/api-client";
import { HttpResponse, http } from "msw";
import type { Agent, Channel, ChatMessage, RoomProfile, RoomSummary, WhatsappTemplate } from "./social-rules";

type Profile = Schema<"OwnProfile">;
type Forwarding = Schema<"ForwardingStatus">;
type ConnectSession = Schema<"ChannelConnectSession">;
type TypeInfo = Schema<"ChannelTypeInfo">;

const capabilities = (patch: Partial<TypeInfo["capabilities"]> = {}): TypeInfo["capabilities"] => ({
  text: true,
  maxTextLength: 4096,
  media: { image: { extensions: ["png", "jpg"], maxBytes: 5_000_000 } },
  templates: false,
  readReceipts: false,
  window24h: false,
  ...patch,
});

export const DEPT_ID = "0190a1b2-0000-7000-8000-0000000000d1";

/** The connect page's data for a new channel (WhatsApp preselected). */
export function connectSession(patch: Partial<ConnectSession> = {}): ConnectSession {
  return {
    channelId: null,
    channelType: "WHATSAPP",
    name: null,
    sandbox: null,
    departmentIds: [],
    departments: [{ id: DEPT_ID, name: "Support" }],
    expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
    types: [
      {
        channelType: "WHATSAPP",
        sandbox: true,
        provider: false,
        credentialFields: [],
        capabilities: capabilities({ templates: true, readReceipts: true, window24h: true }),
      },
      {
        channelType: "SLACK",
        sandbox: true,
        provider: true,
        connector: "generic-webhook",
        credentialFields: [{ key: "bridgeUrl", label: "Bridge URL", secret: false, required: true }],
        capabilities: capabilities({ media: {} }),
      },
      {
        channelType: "TELEGRAM",
        sandbox: true,
        provider: true,
        connector: "telegram-bot-api",
        credentialFields: [{ key: "botToken", label: "Bot token", secret: true, required: true }],
        capabilities: capabilities(),
      },
    ],
    ...patch,
  };
}

export const ME_ID = "0190a1b2-0000-7000-8000-000000000001";
export const JANE_ID = "0190a1b2-0000-7000-8000-000000000002";
export const LI_ID = "0190a1b2-0000-7000-8000-000000000003";
export const ROOM_ID = "0190a1b2-0000-7000-8000-0000000000a1";
export const CHANNEL_ID = "0190a1b2-0000-7000-8000-0000000000c1";

const id = (n: number) => `0190a1b2-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;

/** A token the portal reads (it never verifies it: the server does). */
export function fakeToken(role: string, userId = ME_ID): string {
  const enc = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${enc({ alg: "none" })}.${enc({ role, user_id: userId, exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;
}

export function profile(role: Profile["userRole"]): Profile {
  return {
    userId: ME_ID,
    userRole: role,
    userCredit: 10,
    userStatus: "online",
    firstName: "Mia",
    lastName: "Lim",
    isOwner: 0,
    email: "mia@example.com",
    contactNumber: "6591234567",
    login2fa: "N",
    companyId: id(999),
    company: "Acme",
  };
}

export function summary(n: number, patch: Partial<RoomSummary> = {}): RoomSummary {
  return {
    subscriberId: n === 1 ? ROOM_ID : id(0x1000 + n),
    subscriberName: `Subscriber ${n}`,
    chatroomStatus: "open",
    channelId: CHANNEL_ID,
    channelType: "WHATSAPP",
    text: `Hello from subscriber ${n}`,
    lastActivityAt: new Date(Date.now() - n * 60_000).toISOString(),
    unreadCount: n === 1 ? 2 : 0,
    agentFirstName: null,
    agentLastName: null,
    assignToId: null,
    ...patch,
  };
}

export function message(n: number, patch: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: id(0x2000 + n),
    type: "inbox",
    text: `Message ${n}`,
    attachments: [],
    createdAt: new Date(Date.now() - (100 - n) * 60_000).toISOString(),
    messageStatus: null,
    deliveryStatus: null,
    remark: null,
    whatsappListMessage: null,
    whatsappTemplateComponents: null,
    whatsappTemplateVariables: null,
    whatsappTemplateMetadata: null,
    chatroomStatusLogs: [],
    ...patch,
  };
}

export const agents: Agent[] = [
  { user_id: JANE_ID, first_name: "Jane", last_name: "Doe", userStatus: "online", totalOnHandTask: 3 },
  { user_id: LI_ID, first_name: "Li", last_name: "Wei", userStatus: "offline", totalOnHandTask: 0 },
];

export const templates: WhatsappTemplate[] = [
  {
    name: "order_update",
    language: "en_US",
    components: [
      { type: "BODY", text: "Hi {{1}}, your order {{2}} is on its way." },
      { type: "BUTTONS", buttons: [{ type: "QUICK_REPLY", text: "Thanks" }] },
    ],
  },
];

export interface Call {
  path: string;
  body: unknown;
}

/** The mock server's state; tests change it and read the calls it received. */
export interface SocialState {
  me: Profile;
  rooms: RoomSummary[];
  room: RoomProfile;
  messages: ChatMessage[];
  channels: Channel[];
  forwarding: Forwarding;
  calls: Call[];
  failRooms?: boolean;
  failAssign?: boolean;
  failDelete?: boolean;
  connect: ConnectSession;
}

export function initialState(role: Profile["userRole"] = "supervisor"): SocialState {
  return {
    me: profile(role),
    rooms: [
      summary(1),
      summary(2, { chatroomStatus: "assigned", agentFirstName: "Jane", agentLastName: "Doe" }),
    ],
    room: {
      id: ROOM_ID,
      name: "Subscriber 1",
      channelType: "WHATSAPP",
      channelName: "Support line",
      channelId: CHANNEL_ID,
      chatroomStatus: "open",
      agentId: null,
      agentFirstName: null,
      agentLastName: null,
    },
    messages: [
      message(1, { text: "Hi, where is my order?" }),
      message(2, {
        type: "outbox",
        text: "Let me check.",
        messageStatus: "yes",
        deliveryStatus: "read",
        chatroomStatusLogs: [
          {
            status: "assigned",
            assignBy: "Mia Lim",
            assignTo: "Jane Doe",
            createdAt: new Date().toISOString(),
          },
        ],
      }),
      message(3, {
        text: null,
        attachments: [
          { id: id(0x3001), type: "image", mime: "image/png", url: "/favicon.svg", name: "receipt.png" },
        ],
      }),
      message(4, {
        type: "outbox",
        text: null,
        messageStatus: "no",
        deliveryStatus: null,
        whatsappTemplateComponents: templates[0]?.components ?? null,
        whatsappTemplateVariables: { body: ["Ana", "A-1001"] },
      }),
    ],
    channels: [
      {
        id: CHANNEL_ID,
        name: "Support line",
        channelType: "WHATSAPP",
        createdAt: "2026-01-05T09:30:00.000Z",
        creatorFirstName: "Mia",
        creatorLastName: "Lim",
      },
      {
        id: id(0xc2),
        name: "Bot news",
        channelType: "TELEGRAM",
        createdAt: "2026-01-06T10:00:00.000Z",
        creatorFirstName: null,
        creatorLastName: null,
      },
    ],
    forwarding: { to_forward: "inactive", updatedAt: null },
    connect: connectSession(),
    calls: [],
  };
}

const newestFirst = (list: ChatMessage[]) => [...list].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));

/** msw handlers over `state` (read at each request, so tests may change it between polls). */
export function socialHandlers(state: SocialState) {
  const record = async (request: Request, path: string) => {
    const type = request.headers.get("content-type") ?? "";
    const body = type.includes("application/json")
      ? await request.json()
      : type.includes("multipart")
        ? [...(await request.formData()).entries()].map(([k, v]) => [k, v instanceof File ? v.name : v])
        : null;
    state.calls.push({ path, body });
    return body as Record<string, unknown> | null;
  };
  const room = () => state.room;
  const sync = () => {
    const r = room();
    state.rooms = state.rooms.map((s) =>
      s.subscriberId === r.id
        ? {
            ...s,
            chatroomStatus: r.chatroomStatus,
            agentFirstName: r.agentFirstName,
            agentLastName: r.agentLastName,
            assignToId: r.agentId,
          }
        : s,
    );
  };
  return [
    http.post("/api/getProfile", () => HttpResponse.json(state.me)),
    http.get("/api/portal-config", () =>
      HttpResponse.json({ geoipUrl: null, sandbox: true, termsUrl: null, privacyUrl: null }),
    ),
    http.get("/api/social-chat/chat/room", ({ request }) => {
      if (state.failRooms) return HttpResponse.json({ message: "Something went wrong" }, { status: 500 });
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get("limit") ?? 50);
      const afterId = url.searchParams.get("lastSeenId");
      const start = afterId ? state.rooms.findIndex((r) => r.subscriberId === afterId) + 1 : 0;
      return HttpResponse.json({ data: state.rooms.slice(start, start + limit), total: state.rooms.length });
    }),
    http.get("/api/social-chat/chat/room/message/:roomId", ({ request }) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get("limit") ?? 50);
      const afterId = url.searchParams.get("lastSeenId");
      if (afterId) state.calls.push({ path: "older-messages", body: afterId });
      const list = newestFirst(state.messages);
      const start = afterId ? list.findIndex((m) => m.id === afterId) + 1 : 0;
      return HttpResponse.json({ data: list.slice(start, start + limit), total: list.length });
    }),
    http.get("/api/social-chat/chat/room/:id", () => HttpResponse.json(room())),
    http.post("/api/social-chat/chat/room/:id/send-message", async ({ request }) => {
      const body = (await record(request, "send-message")) as { text?: string } | null;
      const sent = message(100 + state.messages.length, {
        type: "outbox",
        text: body?.text ?? null,
        createdAt: new Date().toISOString(),
        messageStatus: "no",
      });
      state.messages.push(sent);
      return HttpResponse.json(sent);
    }),
    http.post("/api/social-chat/chat/room/:id/send-files", async ({ request }) => {
      await record(request, "send-files");
      return HttpResponse.json({ data: [] });
    }),
    http.post("/api/social-chat/chat/rooms/:id/set-read-all", async ({ request }) => {
      await record(request, "set-read-all");
      state.rooms = state.rooms.map((r) => (r.subscriberId === room().id ? { ...r, unreadCount: 0 } : r));
      return HttpResponse.json({ subscriberId: room().id, unreadCount: 0 });
    }),
    http.get("/api/social-chat/chat/agents", () => HttpResponse.json({ data: agents })),
    http.post("/api/social-chat/chat/assign-agent", async ({ request }) => {
      const body = (await record(request, "assign-agent")) as { agentId: string };
      if (state.failAssign) return HttpResponse.json({ message: "Nope" }, { status: 403 });
      const agent = agents.find((a) => a.user_id === body.agentId);
      const self = body.agentId === state.me.userId;
      state.room = {
        ...room(),
        chatroomStatus: "assigned",
        agentId: body.agentId,
        agentFirstName: self ? state.me.firstName : (agent?.first_name ?? null),
        agentLastName: self ? state.me.lastName : (agent?.last_name ?? null),
      };
      sync();
      return HttpResponse.json(state.room);
    }),
    http.post("/api/social-chat/chat/remove-agent", async ({ request }) => {
      await record(request, "remove-agent");
      if (state.failAssign) return HttpResponse.json({ message: "Nope" }, { status: 409 });
      state.room = {
        ...room(),
        chatroomStatus: "open",
        agentId: null,
        agentFirstName: null,
        agentLastName: null,
      };
      sync();
      return HttpResponse.json(state.room);
    }),
    http.post("/api/social-chat/chat/close", async ({ request }) => {
      await record(request, "close");
      state.room = { ...room(), chatroomStatus: "closed" };
      sync();
      return HttpResponse.json(state.room);
    }),
    http.get("/api/social-chat/channel/:id/whatsapp-templates", () => HttpResponse.json({ data: templates })),
    http.get("/api/social-chat/channel/company-channel", () => HttpResponse.json({ data: state.channels })),
    http.post("/api/social-chat/channel/connect-channel", async ({ request }) => {
      await record(request, "connect-channel");
      return HttpResponse.json({
        link: `${location.origin}/apps/channel-management/connect?token=tok-1`,
        expiresAt: null,
      });
    }),
    http.post("/api/social-chat/channel/:id/edit-link", async ({ request }) => {
      await record(request, "edit-link");
      return HttpResponse.json({ link: "https://connect.example.com/edit?state=def", expiresAt: null });
    }),
    http.post("/api/social-chat/channel/:id/sync-ws-templates", async ({ request, params }) => {
      await record(request, `sync-ws-templates ${String(params.id)}`);
      return HttpResponse.json({ data: templates });
    }),
    http.post("/api/social-chat/channel/:id/delete-channel", async ({ request, params }) => {
      await record(request, `delete-channel ${String(params.id)}`);
      if (state.failDelete) return HttpResponse.json({ message: "No such channel" }, { status: 404 });
      state.channels = state.channels.filter((c) => c.id !== params.id);
      return HttpResponse.json({ message: "Deleted" });
    }),
    http.get("/api/social-chat/channel/connect", ({ request }) => {
      if (new URL(request.url).searchParams.get("token") === "expired")
        return HttpResponse.json(
          { message: "This link has expired. Please get a new one." },
          { status: 400 },
        );
      return HttpResponse.json(state.connect);
    }),
    http.post("/api/social-chat/channel/connect", async ({ request }) => {
      const body = (await record(request, "save-connection")) as {
        name: string;
        channelType: Channel["channelType"];
      };
      const saved: Channel = {
        id: id(0xc9),
        name: body.name,
        channelType: body.channelType,
        createdAt: new Date().toISOString(),
        creatorFirstName: "Mia",
        creatorLastName: "Lim",
      };
      state.channels = [saved, ...state.channels];
      return HttpResponse.json(saved);
    }),
    // No event stream here: 204 tells EventSource not to reconnect, and the screens poll.
    http.get("/api/events", () => new HttpResponse(null, { status: 204 })),
    http.get("/api/getForwardingStatus", () => HttpResponse.json(state.forwarding)),
    http.post("/api/updateForwardingStatus", async ({ request }) => {
      const body = (await record(request, "updateForwardingStatus")) as {
        forwardToBot: boolean;
        webhookUrl?: string | null;
      };
      state.forwarding = {
        to_forward: body.forwardToBot ? "active" : "inactive",
        updatedAt: new Date().toISOString(),
        webhookUrl: body.webhookUrl === undefined ? (state.forwarding.webhookUrl ?? null) : body.webhookUrl,
      };
      return HttpResponse.json(state.forwarding);
    }),
  ];
}
