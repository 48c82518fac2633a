import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FINAL_STATES,
  MAX_ATTEMPTS,
  MAX_RETRY_DELAY_MS,
  MESSAGE_STATES,
  type MessageEvent,
  type MessageState,
  moveMessage,
  PENDING_STATES,
  retryPlan,
  STATE_RANK,
} from "./message-life";

const receipt = fc.record({
  type: fc.constant("receipt" as const),
  status: fc.constantFrom("delivered", "read", "failed", "expired", "rejected" as const),
  source: fc.constantFrom("platform", "company" as const),
});
const event: fc.Arbitrary<MessageEvent> = fc.oneof(
  fc.constantFrom<MessageEvent>(
    { type: "due" },
    { type: "claim" },
    { type: "accepted" },
    { type: "skip" },
    { type: "cancel" },
    { type: "lock-expired" },
  ),
  fc.record({
    type: fc.constant("refused" as const),
    errorClass: fc.constantFrom("throttled", "temporary", "permanent" as const),
    attempts: fc.integer({ min: 1, max: 12 }),
  }),
  receipt,
);

/** Runs events from `start`, skipping those that do not apply, and sums the money moved. */
function run(start: MessageState, events: MessageEvent[]) {
  let state = start;
  const money = { charge: 0, release: 0, refund: 0 };
  const path: MessageState[] = [state];
  for (const e of events) {
    const m = moveMessage(state, e);
    if (!m) continue;
    if (m.charge !== "none") money[m.charge]++;
    state = m.state;
    path.push(state);
  }
  return { state, money, path };
}

describe("a message's life", () => {
  it("goes scheduled → queued → submitting → accepted (charged) → delivered → read", () => {
    const r = run("scheduled", [
      { type: "due" },
      { type: "claim" },
      { type: "accepted" },
      { type: "receipt", status: "delivered", source: "platform" },
      { type: "receipt", status: "read", source: "company" },
    ]);
    expect(r.path).toEqual(["scheduled", "queued", "submitting", "accepted", "delivered", "read"]);
    expect(r.money).toEqual({ charge: 1, release: 0, refund: 0 });
  });

  it("is paid for at most once, and money given back never exceeds what was taken or reserved (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<MessageState>("scheduled", "queued"),
        fc.array(event, { maxLength: 40 }),
        (s, es) => {
          const { money } = run(s, es);
          expect(money.charge).toBeLessThanOrEqual(1);
          expect(money.refund).toBeLessThanOrEqual(money.charge);
          // The reservation is released only for a message never charged, and at most once.
          expect(money.release + money.charge).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it("never moves backward once accepted, and final states take nothing but delivered → read (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...MESSAGE_STATES), event, (s, e) => {
        const m = moveMessage(s, e);
        if (!m) return;
        if (FINAL_STATES.has(s)) expect([s, m.state]).toEqual(["delivered", "read"]);
        if (STATE_RANK[s] >= STATE_RANK.accepted) expect(STATE_RANK[m.state]).toBeGreaterThan(STATE_RANK[s]);
      }),
    );
  });

  it("ends every run in a state it can name, pending ones holding a reservation (property)", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (es) => {
        const { state, money } = run("queued", es);
        if (PENDING_STATES.has(state)) expect(money).toEqual({ charge: 0, release: 0, refund: 0 });
      }),
    );
  });

  it("applies a receipt only to an accepted message: a late or repeated one changes nothing", () => {
    const failed = { type: "receipt", status: "failed", source: "platform" } as const;
    expect(moveMessage("accepted", failed)).toEqual({ state: "failed", charge: "none" });
    for (const s of ["queued", "submitting", "failed", "delivered", "cancelled"] as const)
      expect(moveMessage(s, failed)).toBeNull();
  });

  it("gives a charge back for a network rejection only when the platform's own gateway says so", () => {
    expect(moveMessage("accepted", { type: "receipt", status: "rejected", source: "platform" })).toEqual({
      state: "failed",
      charge: "refund",
    });
    expect(moveMessage("accepted", { type: "receipt", status: "rejected", source: "company" })).toEqual({
      state: "failed",
      charge: "none",
    });
  });

  it("cancels or skips only what has not been taken by a worker, releasing its reservation", () => {
    expect(moveMessage("scheduled", { type: "cancel" })).toEqual({ state: "cancelled", charge: "release" });
    expect(moveMessage("queued", { type: "skip" })).toEqual({ state: "skipped", charge: "release" });
    expect(moveMessage("submitting", { type: "cancel" })).toBeNull();
    expect(moveMessage("accepted", { type: "cancel" })).toBeNull();
  });

  it("hands a message whose worker stopped back to the queue", () => {
    expect(moveMessage("submitting", { type: "lock-expired" })).toEqual({ state: "queued", charge: "none" });
    expect(moveMessage("accepted", { type: "lock-expired" })).toBeNull();
  });
});

describe("retries by error class", () => {
  it("waits as the provider asked when throttled, without using an attempt, however many were made", () => {
    expect(retryPlan("throttled", 50, 2500)).toEqual({ retry: true, delayMs: 2500, countsAttempt: false });
    expect(retryPlan("throttled", 1)).toEqual({ retry: true, delayMs: 1000, countsAttempt: false });
  });

  it("backs a temporary error off 2, 4, 8 … seconds up to five minutes, and ends it after MAX_ATTEMPTS", () => {
    expect([1, 2, 3].map((a) => retryPlan("temporary", a))).toEqual([
      { retry: true, delayMs: 2000, countsAttempt: true },
      { retry: true, delayMs: 4000, countsAttempt: true },
      { retry: true, delayMs: 8000, countsAttempt: true },
    ]);
    expect(retryPlan("temporary", MAX_ATTEMPTS)).toEqual({ retry: false });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_ATTEMPTS - 1 }), (a) => {
        const p = retryPlan("temporary", a);
        expect(p.retry && p.delayMs <= MAX_RETRY_DELAY_MS).toBe(true);
      }),
    );
  });

  it("ends a permanent refusal at once: rejected, reservation released", () => {
    expect(retryPlan("permanent", 1)).toEqual({ retry: false });
    expect(moveMessage("submitting", { type: "refused", errorClass: "permanent", attempts: 1 })).toEqual({
      state: "rejected",
      charge: "release",
    });
    expect(
      moveMessage("submitting", { type: "refused", errorClass: "temporary", attempts: MAX_ATTEMPTS }),
    ).toEqual({
      state: "failed",
      charge: "release",
    });
  });
});
