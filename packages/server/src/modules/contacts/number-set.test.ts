import { describe, expect, it } from "vitest";
import { NumberSet } from "./number-set";

describe("NumberSet", () => {
  it("adds and finds numbers, reporting repeats, across growth", () => {
    const set = new NumberSet();
    const ref = new Set<number>();
    let x = 6591234567;
    for (let i = 0; i < 300_000; i++) {
      x = (x * 48271 + 11) % 999_999_999_999_999;
      const n = 1 + (x % 99_999_999_999_999);
      expect(set.add(n)).toBe(!ref.has(n));
      ref.add(n);
    }
    expect(set.size).toBe(ref.size);
    for (const n of [...ref].slice(0, 1000)) expect(set.has(n)).toBe(true);
    expect(set.has(42)).toBe(false);
    expect(set.add(6591234567)).toBe(true);
    expect(set.add(6591234567)).toBe(false);
  });

  it("refuses what it cannot hold", () => {
    expect(() => new NumberSet().add(0)).toThrow(RangeError);
    expect(() => new NumberSet().add(2 ** 53)).toThrow(RangeError);
  });
});
