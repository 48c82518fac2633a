import { describe, expect, it } from "vitest";
import { sandboxMessages } from "../db/schema";
import { eventually, testApp } from "../test/harness";

describe("job queue", () => {
  it("commits a job with its transaction", async () => {
    const app = await testApp();
    const to = `tx-commit.${Date.now()}@example.com`;
    await app.deps.database.db.transaction(async (tx) => {
      await app.deps.queue.enqueue(
        "email.send",
        { to, subject: "committed", text: "hello", key: to },
        { tx },
      );
    });
    await eventually(async () => {
      const rows = await app.deps.database.query<{ to: string }>(
        'select * from sandbox_messages where "to" = $1',
        [to],
      );
      return rows.length === 1;
    });
  });

  it("drops a job whose transaction rolls back (the job row is the outbox row)", async () => {
    const app = await testApp();
    const to = `tx-rollback.${Date.now()}@example.com`;
    await expect(
      app.deps.database.db.transaction(async (tx) => {
        await app.deps.queue.enqueue("email.send", { to, subject: "never", text: "never", key: to }, { tx });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    // a later job in the same queue is delivered, and the rolled-back one never is
    const marker = `tx-after.${Date.now()}@example.com`;
    await app.deps.queue.enqueue("email.send", { to: marker, subject: "after", text: "after", key: marker });
    await eventually(async () => {
      const rows = await app.deps.database.query('select 1 from sandbox_messages where "to" = $1', [marker]);
      return rows.length === 1;
    });
    const rows = await app.deps.database.db.select().from(sandboxMessages);
    expect(rows.some((r) => r.to === to)).toBe(false);
  });
});
