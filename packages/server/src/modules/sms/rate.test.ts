import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rows } from "../../db/sql";
import { sharedDatabase } from "../../test/harness";
import { takeSendSlot } from "./rate";

describe("per-provider send rate", () => {
  it("grants at most the limit in one second across concurrent takers; the next ones go to a later second", async () => {
    const { database } = await sharedDatabase();
    const provider = `p${process.pid}${Date.now() % 100000}`;
    const slotOf = async () =>
      (
        await rows<{ slot: string; used: number }>(
          database.db,
          sql`select slot, used from sms_rate_slots where provider = ${provider}`,
        )
      )[0];
    const granted: { slot: number; used: number }[] = [];
    await Promise.all(
      Array.from({ length: 7 }, async () => {
        await takeSendSlot(database.db, provider, 3);
        const s = await slotOf();
        granted.push({ slot: Number(s!.slot), used: s!.used });
      }),
    );
    expect(granted).toHaveLength(7);
    // no second ever counted more than 3, and 7 takes needed at least 3 different seconds
    expect(Math.max(...granted.map((g) => g.used))).toBeLessThanOrEqual(3);
    expect(new Set(granted.map((g) => g.slot)).size).toBeGreaterThanOrEqual(3);
  });
});
