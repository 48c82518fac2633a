import { describe, expect, it } from "vitest";
import {
  approvedSenderIds,
  canWithdraw,
  numberRoute,
  senderIdStatus,
  ssirText,
  userSenderIdOptions,
  userSenderIdValue,
} from "./sender-id-rules";

describe("what the registry shows", () => {
  it("puts every state in words", () => {
    expect(senderIdStatus("requested").label).toBe("Waiting for approval");
    expect(senderIdStatus("approved")).toEqual({ label: "Approved", tone: "success" });
    expect(senderIdStatus("rejected").label).toBe("Rejected");
    expect(senderIdStatus("revoked").label).toBe("Revoked");
    expect(senderIdStatus("withdrawn").label).toBe("Withdrawn");
    expect(senderIdStatus("something-new").label).toBe("Unknown");
    expect([canWithdraw("requested"), canWithdraw("approved"), canWithdraw("rejected")]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("speaks of SSIR registration only for approved names", () => {
    expect(ssirText({ kind: "alphanumeric", status: "approved", ssirRegistered: true })).toBe(
      "Registered with SSIR",
    );
    expect(ssirText({ kind: "alphanumeric", status: "approved", ssirRegistered: false })).toBe(
      "Not registered with SSIR",
    );
    expect(ssirText({ kind: "number", status: "approved", ssirRegistered: false })).toBeNull();
    expect(ssirText({ kind: "alphanumeric", status: "requested", ssirRegistered: false })).toBeNull();
  });

  it("says how an inbound number reaches the company", () => {
    expect(numberRoute({ shared: false, keyword: null })).toBe("Every message to this number");
    expect(numberRoute({ shared: true, keyword: "ACME" })).toBe("Messages that start with ACME");
  });
});

describe("a user's sender IDs", () => {
  const record = (senderId: string, status: "approved" | "requested" | "revoked") => ({
    id: senderId,
    senderId,
    kind: "alphanumeric" as const,
    purpose: "p",
    status,
    reason: null,
    ssirRegistered: false,
    companyId: "c",
    companyName: "Acme",
    requestedBy: "Ada",
    createdAt: "2026-01-01T00:00:00Z",
    decidedAt: null,
  });

  it("are chosen among the company's approved IDs; one no longer approved stays, marked, to be taken off", () => {
    const approved = approvedSenderIds([
      record("ZETA", "approved"),
      record("acme", "approved"),
      record("NEW", "requested"),
    ]);
    expect(approved).toEqual(["acme", "ZETA"]);
    expect(userSenderIdOptions(approved, ["ACME", "OLD"])).toEqual([
      { value: "acme", label: "acme" },
      { value: "ZETA", label: "ZETA" },
      { value: "OLD", label: "OLD (no longer approved)" },
    ]);
    expect(userSenderIdValue(approved, ["ACME", "OLD", "Acme"])).toEqual(["acme", "OLD"]);
  });
});
