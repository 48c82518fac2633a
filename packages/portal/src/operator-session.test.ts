import { describe, expect, it } from "vitest";
import { operatorTokenChange, operatorTokenUsable } from "./operator-session";

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, "")}.s`;

describe("operatorTokenUsable", () => {
  const now = Date.UTC(2026, 10, 28, 12);
  it("needs a token, and refuses one whose expiry has passed", () => {
    expect(operatorTokenUsable(null, now)).toBe(false);
    expect(operatorTokenUsable("", now)).toBe(false);
    expect(operatorTokenUsable(jwt({ sub: "op", exp: now / 1000 + 60 }), now)).toBe(true);
    expect(operatorTokenUsable(jwt({ sub: "op", exp: now / 1000 - 1 }), now)).toBe(false);
  });
  it("takes a token it cannot read (or without an expiry) as usable until the server says otherwise", () => {
    expect(operatorTokenUsable("opaque-session-token", now)).toBe(true);
    expect(operatorTokenUsable(jwt({ sub: "op" }), now)).toBe(true);
  });
});

describe("operatorTokenChange (another tab changed operatorToken)", () => {
  it("tells a sign-out from a sign-in", () => {
    expect(operatorTokenChange("a", null)).toBe("signed-out");
    expect(operatorTokenChange(null, "b")).toBe("signed-in");
    expect(operatorTokenChange("a", "b")).toBe("signed-in");
    expect(operatorTokenChange("a", "a")).toBeNull();
  });
});
