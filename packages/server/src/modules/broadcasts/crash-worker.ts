/**
 * A broadcast delivery worker in its own process, for the crash-safety test (crash.test.ts): it runs
 * `deliverBroadcast` for one broadcast until the broadcast is done (its WhatsApp channel points at the test's
 * loopback Graph API, which records every accepted message). The test kills it with SIGKILL at random moments and
 * runs it again.
 *
 * Usage: DATABASE_URL=… BROADCAST_ID=… node --import tsx src/modules/broadcasts/crash-worker.ts (the test runs it
 * bundled).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import type { Queue } from "../../jobs/queue";
import { deliverBroadcast } from "./deliver";

async function main() {
  const broadcastId = process.env.BROADCAST_ID!;
  const config = loadConfig({
    ...process.env,
    HERALD_ENV: "test",
    HERALD_DATA_DIR: mkdtempSync(path.join(tmpdir(), "herald-bcrash-")),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Retries are driven by this loop (and the queue in production), not by jobs.
  const queue = { async enqueue() {} } as unknown as Queue;
  const deps = { config, database, queue } as Deps;
  for (;;) {
    await deliverBroadcast(deps, broadcastId);
    const [b] = await rows<{ status: string }>(
      database.db,
      sql`select status from broadcasts where id = ${broadcastId}`,
    );
    if (!b || b.status === "done" || b.status === "cancelled") break;
    // rows a killed worker held: claimed again once their claim timed out
    await new Promise((r) => setTimeout(r, 200));
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
