import { validatePassword } from "@herald/domain";
import { describe, expect, it } from "vitest";
import { generatePassword } from "./demo";

describe("demo seed", () => {
  it("generates passwords that satisfy the product's rules and differ each time", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const p = generatePassword();
      expect(validatePassword(p)).toBeNull();
      seen.add(p);
    }
    expect(seen.size).toBe(50);
  });
});
