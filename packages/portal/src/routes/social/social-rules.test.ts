import { describe, expect, it } from "vitest";
import {
  acceptFor,
  type ChatMessage,
  chronological,
  latestInbound,
  mergePages,
  nextCursor,
  outsideWhatsappWindow,
  type RoomProfile,
  roomActions,
} from "./social-rules";

const ME = "0190a1b2-0000-7000-8000-000000000001";
const OTHER = "0190a1b2-0000-7000-8000-000000000002";

const room = (patch: Partial<RoomProfile> = {}): RoomProfile => ({
  id: "0190a1b2-0000-7000-8000-0000000000aa",
  name: "Ana",
  channelType: "WHATSAPP",
  channelName: "Support line",
  channelId: "0190a1b2-0000-7000-8000-0000000000cc",
  chatroomStatus: "open",
  agentId: null,
  agentFirstName: null,
  agentLastName: null,
  ...patch,
});

const message = (id: string, type: "inbox" | "outbox", createdAt: string): ChatMessage => ({
  id,
  type,
  text: id,
  attachments: [],
  createdAt,
  messageStatus: type === "outbox" ? "yes" : null,
  deliveryStatus: null,
  remark: null,
  whatsappListMessage: null,
  whatsappTemplateComponents: null,
  whatsappTemplateVariables: null,
  whatsappTemplateMetadata: null,
  chatroomStatusLogs: [],
});

describe("room actions by status and role", () => {
  it("open room: a supervisor picks an agent or assigns themselves; an agent takes it over after confirming", () => {
    const sup = roomActions(room(), { userId: ME, role: "supervisor" });
    expect(sup).toMatchObject({ statusLabel: "Assign Agent", assignAgent: true, assignYourself: true });
    expect(sup).toMatchObject({ confirmTakeOver: false, reassign: false, unassign: false, close: false });
    const agent = roomActions(room(), { userId: ME, role: "agent" });
    expect(agent).toMatchObject({
      assignAgent: false,
      assignYourself: true,
      confirmTakeOver: true,
      locked: false,
    });
  });

  it("assigned to me: 'Assigned (Myself)', I may close; a supervisor may reassign, unassign and close", () => {
    const mine = room({
      chatroomStatus: "assigned",
      agentId: ME,
      agentFirstName: "Jo",
      agentLastName: "Tan",
    });
    expect(roomActions(mine, { userId: ME, role: "agent" })).toMatchObject({
      statusLabel: "Assigned (Myself)",
      close: true,
      locked: false,
      reassign: false,
      assignYourself: false,
    });
    expect(roomActions(mine, { userId: OTHER, role: "supervisor" })).toMatchObject({
      statusLabel: "Assigned (Jo Tan)",
      reassign: true,
      unassign: true,
      close: true,
      locked: true,
    });
  });

  it("in progress with another agent: the notice replaces the composer and the agent cannot close it", () => {
    const theirs = room({
      chatroomStatus: "in-progress",
      agentId: OTHER,
      agentFirstName: "Li",
      agentLastName: "Wei",
    });
    expect(roomActions(theirs, { userId: ME, role: "agent" })).toMatchObject({
      statusLabel: "In Progress (Li Wei)",
      locked: true,
      close: false,
      unassign: false,
    });
  });

  it("closed room: Assign Agent and Assign Yourself re-open it; nothing to close", () => {
    const closed = roomActions(room({ chatroomStatus: "closed" }), { userId: ME, role: "admin" });
    expect(closed).toMatchObject({
      statusLabel: "Closed",
      assignAgent: true,
      assignYourself: true,
      close: false,
    });
    expect(closed.closed).toBe(true);
  });
});

describe("keyset pages", () => {
  it("asks for the next page after the last row until every row is loaded", () => {
    const rows = [{ at: "2026-01-02T00:00:00Z", id: "b" }];
    expect(nextCursor([{ data: rows, total: 2 }], (r) => r)).toEqual({
      lastSeenCreatedAt: "2026-01-02T00:00:00Z",
      lastSeenId: "b",
    });
    expect(nextCursor([{ data: rows, total: 1 }], (r) => r)).toBeUndefined();
    expect(nextCursor([{ data: [], total: 5 }], (r: { at: string; id: string }) => r)).toBeUndefined();
  });

  it("shows a row that moved to an earlier page once", () => {
    const merged = mergePages(
      [{ data: [{ id: "x" }, { id: "a" }] }, { data: [{ id: "x" }, { id: "b" }] }],
      (r) => r.id,
    );
    expect(merged.map((r) => r.id)).toEqual(["x", "a", "b"]);
  });

  it("orders messages oldest first and finds the newest subscriber message", () => {
    const newestFirst = [
      message("3", "outbox", "2026-01-01T10:02:00Z"),
      message("2", "inbox", "2026-01-01T10:01:00Z"),
      message("1", "inbox", "2026-01-01T10:00:00Z"),
    ];
    expect(chronological(newestFirst).map((m) => m.id)).toEqual(["1", "2", "3"]);
    expect(latestInbound(newestFirst)?.id).toBe("2");
  });
});

describe("WhatsApp 24-hour window", () => {
  const now = Date.parse("2026-01-02T12:00:00Z");
  it("is open within 24 hours of the subscriber's last message, and only matters on WhatsApp", () => {
    const recent = [message("1", "inbox", "2026-01-02T00:00:00Z")];
    const old = [
      message("1", "inbox", "2026-01-01T11:00:00Z"),
      message("2", "outbox", "2026-01-02T11:00:00Z"),
    ];
    expect(outsideWhatsappWindow("WHATSAPP", recent, now)).toBe(false);
    expect(outsideWhatsappWindow("WHATSAPP", old, now)).toBe(true);
    expect(outsideWhatsappWindow("WHATSAPP", [], now)).toBe(true);
    expect(outsideWhatsappWindow("TELEGRAM", old, now)).toBe(false);
  });

  it("offers the specification's file types for WhatsApp and WeChat", () => {
    expect(acceptFor("WECHAT")).toBe(".png,.jpg");
    expect(acceptFor("WHATSAPP")).toContain(".3gp");
    expect(acceptFor("TELEGRAM")).toBeUndefined();
  });
});
