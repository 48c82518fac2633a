import { v7 as uuidv7 } from "uuid";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newRunKey } from "./run-key";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("run keys", () => {
  afterEach(() => vi.useRealTimers());

  it("keep the UUIDv7 time order: their millisecond is the uuid package's, between the ids made before and after", () => {
    const before = uuidv7();
    const key = newRunKey();
    const after = uuidv7();
    expect(before.slice(0, 13) <= key.slice(0, 13) && key.slice(0, 13) <= after.slice(0, 13)).toBe(true);
  });

  it("never share their first 24 characters within a process, even in one millisecond", () => {
    const keys = Array.from({ length: 20_000 }, newRunKey);
    for (const k of keys) expect(k).toMatch(UUID_V7);
    expect(new Set(keys.map((k) => k.slice(0, 24))).size).toBe(keys.length);
  });

  it("stay apart while the clock stands still or goes back (the uuid package then keeps its first 24; last: it moves the package's clock)", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5 * 3600_000); // ahead, as a test clock (or a wrong clock) may be
    const ahead = [newRunKey(), newRunKey()];
    vi.setSystemTime(Date.now() - 10 * 3600_000); // then back: the uuid package keeps the later time
    const back = Array.from({ length: 1000 }, newRunKey);
    const prefixes = [...ahead, ...back].map((k) => k.slice(0, 24));
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});
