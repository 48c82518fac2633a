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

describe("demo company", () => {
  it("is funded through the ledger: balances equal their entries and every transaction balances", async () => {
    const { openDatabase, runMigrations } = await import("../db/client");
    const { audit } = await import("../modules/credit/ledger");
    const { testConfig } = await import("../test/harness");
    const { seedDemo } = await import("./demo");
    // a database of its own: the demo is seeded only into an empty one
    const config = testConfig();
    const database = await openDatabase({ dataDir: config.dataDir, memory: true });
    try {
      await runMigrations(database);
      const deps = { config, database } as unknown as Parameters<typeof seedDemo>[0];
      expect(await seedDemo(deps)).not.toBeNull();
      const [company] = await database.query<{ id: string; credit_cents: number }>(
        "select id, credit_cents from companies",
      );
      expect(Number(company!.credit_cents)).toBe(1_000_000);
      const a = await audit(database.db, company!.id);
      expect(a.unbalancedTransactions).toBe(0);
      expect(a.companyEntries).toBe(a.companyCents);
      expect(a.userEntries).toBe(a.usersCents);
      expect(a.usersCents).toBe(87_500);
      // a second start seeds nothing
      expect(await seedDemo(deps)).toBeNull();
    } finally {
      await database.close();
    }
  });
});
