import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assigneeName,
  CHATROOM_STATUSES,
  type ChatroomAction,
  type ChatroomStatus,
  canCloseTicket,
  canSendInRoom,
  chatroomBadgeTone,
  chatroomButtonLabel,
  isChatroomStatus,
  nextChatroomStatus,
  statusLogText,
} from "./chatroom";

describe("chatroom status", () => {
  it("lists the four statuses", () => {
    expect(CHATROOM_STATUSES).toEqual(["open", "assigned", "in-progress", "closed"]);
    expect(isChatroomStatus("in-progress")).toBe(true);
    expect(isChatroomStatus("in_progress")).toBe(false);
  });

  it("maps statuses to badge tones", () => {
    expect(chatroomBadgeTone("open")).toBe("success");
    expect(chatroomBadgeTone("assigned")).toBe("info");
    expect(chatroomBadgeTone("in-progress")).toBe("warning");
    expect(chatroomBadgeTone("closed")).toBe("primary");
    expect(chatroomBadgeTone("whatever")).toBe("secondary");
    expect(chatroomBadgeTone(null)).toBe("secondary");
  });

  it("labels the assignment button", () => {
    expect(chatroomButtonLabel("open")).toBe("Assign Agent");
    expect(chatroomButtonLabel("assigned", "Myself")).toBe("Assigned (Myself)");
    expect(chatroomButtonLabel("in-progress", "Jane Tan")).toBe("In Progress (Jane Tan)");
    expect(chatroomButtonLabel("closed", "Jane Tan")).toBe("Closed");
    expect(chatroomButtonLabel(undefined)).toBe("Assign Agent");
  });

  it("names the assignee as Myself or by name", () => {
    const room = { agentId: 7, agentFirstName: "Jane", agentLastName: "Tan" };
    expect(assigneeName(room, 7)).toBe("Myself");
    expect(assigneeName(room, "7")).toBe("Myself");
    expect(assigneeName(room, 8)).toBe("Jane Tan");
    expect(assigneeName({ agentId: 1, agentFirstName: "Jane", agentLastName: null }, 2)).toBe("Jane");
    expect(assigneeName({}, null)).toBe("");
  });
});

describe("statusLogText", () => {
  it("builds each log line", () => {
    expect(statusLogText({ status: "open" })).toBe("Open ticket");
    expect(statusLogText({ status: "reopened", assignBy: "Bob" })).toBe("Re-opened by Bob");
    expect(statusLogText({ status: "re-opened", assignBy: "Bob" })).toBe("Re-opened by Bob");
    expect(statusLogText({ status: "unassigned", assignBy: "Bob" })).toBe("Unassigned by Bob");
    expect(statusLogText({ status: "assigned", assignTo: "Alice", assignBy: "Bob" })).toBe(
      "Assigned to Alice by Bob",
    );
    expect(statusLogText({ status: "in-progress", assignBy: "Alice" })).toBe("In progress by Alice");
    expect(statusLogText({ status: "closed", assignBy: "Alice" })).toBe("Closed by Alice");
  });

  it("leaves out missing names and shows unknown statuses as is", () => {
    expect(statusLogText({ status: "closed" })).toBe("Closed");
    expect(statusLogText({ status: "assigned", assignTo: "Alice", assignBy: " " })).toBe("Assigned to Alice");
    expect(statusLogText({ status: "archived" })).toBe("archived");
  });
});

describe("transitions", () => {
  it("follows the spec's state machine", () => {
    expect(nextChatroomStatus("open", "assign")).toBe("assigned");
    expect(nextChatroomStatus("closed", "assign")).toBe("assigned");
    expect(nextChatroomStatus("in-progress", "assign")).toBe("assigned");
    expect(nextChatroomStatus("assigned", "unassign")).toBe("open");
    expect(nextChatroomStatus("in-progress", "unassign")).toBe("open");
    expect(nextChatroomStatus("open", "unassign")).toBeNull();
    expect(nextChatroomStatus("assigned", "start")).toBe("in-progress");
    expect(nextChatroomStatus("open", "start")).toBeNull();
    expect(nextChatroomStatus("assigned", "close")).toBe("closed");
    expect(nextChatroomStatus("in-progress", "close")).toBe("closed");
    expect(nextChatroomStatus("open", "close")).toBeNull();
    expect(nextChatroomStatus("closed", "close")).toBeNull();
  });

  it("closed can only be left by a new assignment (property)", () => {
    const action = fc.constantFrom<ChatroomAction>("assign", "unassign", "start", "close");
    fc.assert(
      fc.property(fc.array(action, { maxLength: 20 }), (actions) => {
        let status: ChatroomStatus = "open";
        for (const a of actions) {
          const next = nextChatroomStatus(status, a);
          if (status === "closed" && next !== null) expect(a).toBe("assign");
          if (next !== null) {
            expect(isChatroomStatus(next)).toBe(true);
            status = next;
          }
        }
      }),
    );
  });

  it("lets only the assignee send in an assigned room", () => {
    const me = { userId: 1, role: "agent" };
    expect(canSendInRoom({ status: "open" }, me)).toBe(true);
    expect(canSendInRoom({ status: "closed" }, me)).toBe(true);
    expect(canSendInRoom({ status: "assigned", agentId: 1 }, me)).toBe(true);
    expect(canSendInRoom({ status: "in-progress", agentId: 2 }, me)).toBe(false);
    expect(canSendInRoom({ status: "assigned", agentId: 2 }, { userId: 1, role: "admin" })).toBe(false);
  });

  it("lets agents close only their own assigned rooms", () => {
    const agent = { userId: 1, role: "agent" };
    const supervisor = { userId: 9, role: "supervisor" };
    expect(canCloseTicket({ status: "assigned", agentId: 1 }, agent)).toBe(true);
    expect(canCloseTicket({ status: "in-progress", agentId: 2 }, agent)).toBe(false);
    expect(canCloseTicket({ status: "in-progress", agentId: 2 }, supervisor)).toBe(true);
    expect(canCloseTicket({ status: "open" }, supervisor)).toBe(false);
    expect(canCloseTicket({ status: "closed", agentId: 1 }, agent)).toBe(false);
  });
});
