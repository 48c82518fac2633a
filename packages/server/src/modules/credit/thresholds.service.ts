import { randomUUID } from "node:crypto";
import type { components } from "@herald/api-client/schema";
import { centsToSgd, formatAmount, MAX_EXACT_CENTS, MESSAGES, validateThresholds } from "@herald/domain";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { lowCreditEmail } from "../../emails/templates";
import { BadRequest, NotFound } from "../../errors";
import type { Queue } from "../../jobs/queue";
import { toCents } from "../../lib/money";
import { type Actor, assertAdmin } from "../../plugins/actor";
import { recordAudit, userWho } from "../audit/audit";

type S = components["schemas"];

/** A pair of low-credit thresholds in cents; null while unset. */
export interface ThresholdPair {
  first: number | null;
  second: number | null;
}

export type ThresholdLevel = "first" | "second";

export interface Crossing {
  level: ThresholdLevel;
  thresholdCents: number;
}

/**
 * The thresholds a balance change crossed downward: those the balance was at or above before and is
 * below after. A balance that stays below a threshold crosses nothing, so each fall below a threshold is
 * one crossing, and rising back to or above it re-arms the next fall. Larger threshold first.
 */
export function lowCreditCrossings(before: number, after: number, thresholds: ThresholdPair): Crossing[] {
  const out: Crossing[] = [];
  for (const level of ["first", "second"] as const) {
    const t = thresholds[level];
    if (t === null || !Number.isFinite(t)) continue;
    if (before >= t && after < t) out.push({ level, thresholdCents: t });
  }
  return out.sort((a, b) => b.thresholdCents - a.thresholdCents);
}

/** Cents from an API threshold: two decimals, non-negative, within the exact range. */
function thresholdCents(value: number, field: string): number {
  const c = toCents(value, field);
  if (c < 0) throw new BadRequest(`${field} must not be negative`);
  if (c > MAX_EXACT_CENTS) throw new BadRequest(`${field} is too large`);
  return c;
}

const sgdOrNull = (c: number | null) => (c === null ? null : centsToSgd(c));

/** Corporate low-credit thresholds: /getCompanyThreshold and /editCompanyThreshold (admins only). */
export function thresholdService({ database }: Deps) {
  const { db } = database;
  return {
    async get(actor: Actor): Promise<S["CompanyThreshold"]> {
      assertAdmin(actor);
      const [c] = await db
        .select({ first: companies.firstThreshCents, second: companies.secondThreshCents })
        .from(companies)
        .where(eq(companies.id, actor.companyId))
        .limit(1);
      if (!c) throw new NotFound();
      return { first_thresh: sgdOrNull(c.first), second_thresh: sgdOrNull(c.second) };
    },

    async edit(actor: Actor, body: S["EditCompanyThresholdRequest"]): Promise<S["Ok"]> {
      assertAdmin(actor);
      const first = thresholdCents(body.firstThresh, "First threshold");
      const second = thresholdCents(body.secondThresh, "Second threshold");
      const err = validateThresholds(first, second);
      if (err) throw new BadRequest(err);
      const updated = await db.transaction(async (tx) => {
        // Recorded first, so the entry keeps the thresholds as they were.
        await recordAudit(tx, {
          companyId: actor.companyId,
          who: userWho(actor),
          action: "credit.thresholds_changed",
          before: sql`(select jsonb_build_object('firstThreshold', c.first_thresh_cents / 100.0,
                              'secondThreshold', c.second_thresh_cents / 100.0)
                         from companies c where c.id = ${actor.companyId}::uuid)`,
          after: { firstThreshold: first / 100, secondThreshold: second / 100 },
        });
        return tx
          .update(companies)
          .set({ firstThreshCents: first, secondThreshCents: second })
          .where(eq(companies.id, actor.companyId))
          .returning({ id: companies.id });
      });
      if (updated.length === 0) throw new NotFound();
      return { message: MESSAGES.dataUpdateSuccess };
    },
  };
}

export interface BalanceChange {
  companyId: string;
  /** Set for a user's balance (the user's own thresholds); absent for the corporate balance. */
  userId?: string;
  /** Balances in cents before and after the movement. */
  before: number;
  after: number;
  /**
   * Identifies the movement (e.g. the ledger transaction id) in the e-mails' idempotency keys; a fresh
   * random id when absent. Job retries reuse the key stored in the job either way.
   */
  key?: string;
}

/**
 * Enqueues the low-credit e-mails of one balance change, in the caller's transaction (so they commit or roll
 * back with the movement): one `email.send` job per crossed threshold and recipient. The corporate balance
 * alerts every active admin of the company; a user's balance alerts the user and every active admin.
 * Returns the number of jobs enqueued.
 */
export async function enqueueLowCreditAlerts(
  tx: DbOrTx,
  queue: Queue,
  change: BalanceChange,
): Promise<number> {
  if (change.after >= change.before) return 0;
  const [company] = await tx
    .select({
      name: companies.name,
      first: companies.firstThreshCents,
      second: companies.secondThreshCents,
    })
    .from(companies)
    .where(eq(companies.id, change.companyId))
    .limit(1);
  if (!company) return 0;

  let thresholds: ThresholdPair = { first: company.first, second: company.second };
  let subjectOf = company.name;
  let owner: { id: string; email: string } | undefined;
  if (change.userId) {
    const [u] = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        status: users.status,
        first: users.firstThreshCents,
        second: users.secondThreshCents,
      })
      .from(users)
      .where(and(eq(users.id, change.userId), eq(users.companyId, change.companyId)))
      .limit(1);
    if (!u) return 0;
    thresholds = { first: u.first, second: u.second };
    subjectOf = `${u.firstName} ${u.lastName}`.trim() || u.email;
    if (u.status === "active") owner = { id: u.id, email: u.email };
  }

  const crossings = lowCreditCrossings(change.before, change.after, thresholds);
  if (crossings.length === 0) return 0;

  const admins = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(eq(users.companyId, change.companyId), eq(users.userRole, "admin"), eq(users.status, "active")),
    );
  const recipients = new Map<string, string>();
  if (owner) recipients.set(owner.id, owner.email);
  for (const a of admins) recipients.set(a.id, a.email);

  const movement = change.key ?? randomUUID();
  const scope = change.userId ? `user:${change.userId}` : `company:${change.companyId}`;
  let count = 0;
  for (const crossing of crossings) {
    const mail = lowCreditEmail(subjectOf, formatAmount(change.after), formatAmount(crossing.thresholdCents));
    for (const [recipientId, email] of recipients) {
      await queue.enqueue(
        "email.send",
        {
          to: email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          key: `low-credit:${scope}:${crossing.level}:${movement}:${recipientId}`,
        },
        { tx },
      );
      count += 1;
    }
  }
  return count;
}
