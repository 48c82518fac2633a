import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss } from "pg-boss";
import type { Database, DbOrTx } from "../db/client";

/** Job names and their payloads. Per-recipient state lives in our own tables; jobs carry batches. */
export interface JobPayloads {
  "email.send": { to: string; subject: string; text: string; html?: string; links?: string[]; key: string };
  "sms.send": { to: string; text: string; senderId?: string; key: string };
  /**
   * A password reset request: the worker looks the address up, so the request does the same work for any address
   * (`ip`: the requester's, for the audit log).
   */
  "auth.forgot": { email: string; ip?: string };
  /** A new verification link for an address still waiting for verification (looked up by the worker). */
  "auth.verify-resend": { email: string };
  /**
   * Numbers for a company's subscribe/unsubscribe list: those of `numbers` (entered by hand) or of the
   * upload `uploadId`; the worker normalises, dedupes and inserts them (see modules/mobile-sub).
   */
  "mobile-sub.add": {
    companyId: string;
    userId: string;
    type: "sub" | "unsub";
    numbers?: string[];
    uploadId?: string;
  };
  /** Outbox rows (sms_messages ids) to submit; the worker claims the ones still due (modules/sms/deliver.ts). */
  "sms.deliver": { messageIds: string[] };
  /** Scheduled rows that are due become queued; recurring sends get their next run; stuck rows are retried. */
  "sms.schedule-tick": Record<string, never>;
  /** One chat message (chat_messages id) to send through its channel's driver (modules/chat/deliver.ts). */
  /** `waits`: how many times the provider has asked this message to wait already (Telegram's retry_after). */
  "chat.send": { messageId: string; waits?: number };
  /** One verified provider webhook request (channel_inbound_events id) to store (modules/chat/inbound-job.ts). */
  "chat.inbound": { eventId: string };
  /** One inbound chat message to POST to the company's chatbot (modules/chat/bot.ts). */
  "bot.forward": { messageId: string };
  /** A broadcast's pending recipients to send (modules/broadcasts/deliver.ts). */
  "broadcast.deliver": { broadcastId: string };
}
export type JobName = keyof JobPayloads;
export const JOB_NAMES: JobName[] = [
  "email.send",
  "sms.send",
  "auth.forgot",
  "auth.verify-resend",
  "mobile-sub.add",
  "sms.deliver",
  "sms.schedule-tick",
  "chat.send",
  "chat.inbound",
  "bot.forward",
  "broadcast.deliver",
];

/**
 * Workers per queue in one process (1 when absent). SMS delivery runs several, each with its own window of
 * submissions (modules/sms/deliver.ts): a job spends most of its time waiting for commits and the gateway, and
 * the provider's rate, shared by all of them, stays the limit.
 */
const LOCAL_CONCURRENCY: Partial<Record<JobName, number>> = { "sms.deliver": 4 };

/** Retries of a failed job (with exponential backoff from `JOB_RETRY_DELAY_SECONDS`) before it is given up. */
export const JOB_RETRY_LIMIT = 5;
export const JOB_RETRY_DELAY_SECONDS = 5;

/** Which try of its job a handler runs: `retryCount` retries so far, at most `retryLimit`. */
export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
}

export type JobHandlers = { [K in JobName]: (data: JobPayloads[K], attempt: JobAttempt) => Promise<void> };

export interface Queue {
  /** Enqueue a job; pass the transaction so the job row commits (or rolls back) with the data change. */
  enqueue<K extends JobName>(
    name: K,
    data: JobPayloads[K],
    opts?: { tx?: DbOrTx; singletonKey?: string; startAfterSeconds?: number },
  ): Promise<void>;
  /** Many jobs of one name in one statement (same options as enqueue); absent on test stand-ins. */
  enqueueMany?<K extends JobName>(
    name: K,
    data: JobPayloads[K][],
    opts?: { tx?: DbOrTx; startAfterSeconds?: number },
  ): Promise<void>;
  startWorkers(handlers: JobHandlers): Promise<void>;
  stop(): Promise<void>;
  boss: PgBoss;
}

export async function startQueue(
  database: Database,
  opts: { onError?: (err: unknown) => void } = {},
): Promise<Queue> {
  const boss =
    database.kind === "pglite"
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: "pglite", schema: "pgboss", supervise: true })
      : new PgBoss({ connectionString: database.connectionString!, schema: "pgboss", max: 4 });
  boss.on("error", (err) => opts.onError?.(err));
  await boss.start();
  for (const name of JOB_NAMES) {
    await boss.createQueue(name, {
      retryLimit: JOB_RETRY_LIMIT,
      retryDelay: JOB_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 300,
    });
  }
  // pg-boss reads its queue list at start (before the queues above may exist) and looks a missing queue up on
  // its own connection at first use; on PGlite (one connection) that first use inside a caller's transaction
  // would wait for that transaction. Look each queue up now, outside any transaction (deletes nothing).
  for (const name of JOB_NAMES) {
    await boss.deleteJob(name, "00000000-0000-0000-0000-000000000000").catch(() => undefined);
  }
  let started = false;
  return {
    boss,
    async enqueue(name, data, o = {}) {
      await boss.send(name, data as object, {
        ...(o.tx ? { db: fromDrizzle(o.tx as Parameters<typeof fromDrizzle>[0], sql) } : {}),
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
        ...(o.startAfterSeconds ? { startAfter: Math.ceil(o.startAfterSeconds) } : {}),
      });
    },
    async enqueueMany(name, data, o = {}) {
      if (data.length === 0) return;
      const startAfter = o.startAfterSeconds
        ? new Date(Date.now() + Math.ceil(o.startAfterSeconds) * 1000)
        : undefined;
      await boss.insert(
        name,
        data.map((d) => ({ data: d as object, ...(startAfter ? { startAfter } : {}) })),
        o.tx ? { db: fromDrizzle(o.tx as Parameters<typeof fromDrizzle>[0], sql) } : {},
      );
    },
    async startWorkers(handlers) {
      if (started) return;
      started = true;
      for (const name of JOB_NAMES) {
        const options = {
          pollingIntervalSeconds: 0.5,
          batchSize: 10,
          includeMetadata: true as const,
          ...(LOCAL_CONCURRENCY[name] ? { localConcurrency: LOCAL_CONCURRENCY[name] } : {}),
        };
        await boss.work(name, options, async (jobs) => {
          for (const job of jobs) {
            await (handlers[name] as (d: unknown, a: JobAttempt) => Promise<void>)(job.data, {
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
            });
          }
        });
      }
      // Scheduled sends: due rows are queued by a tick every minute (one per minute across processes).
      await boss.schedule("sms.schedule-tick", "* * * * *", {}).catch((err) => opts.onError?.(err));
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
