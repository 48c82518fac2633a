import { afterEach, describe, expect, it } from "vitest";
import { POLL_KEY, POLL_MS, pollInterval, tokenChange } from "./session";

/** A JWT-shaped string whose payload carries `user_id` (the portal decodes, never verifies). */
const token = (userId: string, extra = "") =>
  `h.${btoa(JSON.stringify({ user_id: userId, role: "agent", exp: 4_000_000_000 })).replace(/=+$/, "")}.s${extra}`;

describe("tokenChange (another tab changed userToken)", () => {
  it("tells a sign-out, a sign-in as someone else and a renewed session apart", () => {
    expect(tokenChange(token("u1"), null)).toBe("signed-out");
    expect(tokenChange(token("u1"), token("u2"))).toBe("switched-user");
    expect(tokenChange(null, token("u2"))).toBe("switched-user");
    expect(tokenChange(token("u1"), token("u1", "x"))).toBe("renewed");
    expect(tokenChange(token("u1"), token("u1"))).toBeNull();
    expect(tokenChange("garbage", token("u1"))).toBe("switched-user");
  });
});

describe("pollInterval", () => {
  const store = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  afterEach(() => store.clear());

  it("is 30 s unless the knob in local storage asks for another interval of at least one second", () => {
    expect(POLL_MS).toBe(30_000);
    expect(pollInterval()).toBe(30_000);
    store.set(POLL_KEY, "1000");
    expect(pollInterval()).toBe(1000);
    for (const bad of ["0", "999", "-5", "soon", ""]) {
      store.set(POLL_KEY, bad);
      expect(pollInterval()).toBe(30_000);
    }
  });
});
