/**
 * A sending worker in its own process, for the crash-safety test (crash.test.ts): it drains the rows of one send
 * through `deliverBatch` against a recording gateway (each accepted submission is a row of `crash_gateway`,
 * committed before the gateway answers, as a real gateway's acceptance is), until no row is left to send.
 * The test kills it with SIGKILL at random moments and runs it again.
 *
 * Usage: DATABASE_URL=… SEND_ID=… node --import tsx src/modules/sms/crash-worker.ts (the test runs it bundled).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { countSms } from "@herald/domain";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import type { Queue } from "../../jobs/queue";
import type { SmsProvider } from "../../providers/sms";
import { deliverBatch } from "./deliver";

async function main() {
  const sendId = process.env.SEND_ID!;
  const config = loadConfig({
    ...process.env,
    HERALD_ENV: "test",
    HERALD_DATA_DIR: mkdtempSync(path.join(tmpdir(), "herald-crash-")),
    HERALD_JWT_SECRET: "crash-test-secret-crash-test-secret-0123456789",
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const sms: SmsProvider = {
    name: "sandbox",
    async send(m) {
      await database.query("insert into crash_gateway (key) values ($1)", [m.idempotencyKey]);
      return { providerMessageId: `gw-${m.idempotencyKey}`, segments: countSms(m.text).segments };
    },
    async close() {},
  };
  // Retries are driven by this loop (and the tick in production), not by jobs.
  const queue = { async enqueue() {} } as unknown as Queue;
  const deps = {
    config,
    database,
    queue,
    sms,
    email: {} as Deps["email"],
    payments: {} as Deps["payments"],
  } as Deps;
  for (;;) {
    const due = await rows<{ id: string }>(
      database.db,
      sql`select id::text as id from sms_messages where send_id = ${sendId}::uuid
            and (status = 'queued' or (status = 'submitting'
                 and locked_at < now() - make_interval(secs => ${config.sending.submitTimeoutSeconds})))
          order by id limit 200`,
    );
    if (due.length === 0) {
      const [left] = await rows<{ n: string }>(
        database.db,
        sql`select count(*) as n from sms_messages where send_id = ${sendId}::uuid and status in ('queued', 'submitting')`,
      );
      if (Number(left?.n ?? 0) === 0) break;
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    await deliverBatch(
      deps,
      due.map((d) => d.id),
    );
  }
  await database.close();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
