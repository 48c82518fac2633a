/**
 * The double-entry ledger: the one module through which every movement of credit goes.
 *
 * Unit: integer cents of SGD (bigint columns; every value fits in 2^53). The API converts SGD with two
 * decimals to cents exactly (`sgdToCents` refuses a third decimal) and back with `centsToSgd`; nothing is
 * rounded here. Per-message prices finer than a cent are rounded up to the next cent by the caller before
 * reserving or capturing, so the ledger never holds fractions.
 *
 * Accounts: 'external' (outside money: purchases), 'company' (companies.credit_cents), 'user'
 * (users.credit_cents), 'reserved' (credit_reservations.remaining_cents) and 'usage' (spent). A movement
 * is one ledger transaction with two entries of opposite sign (so every transaction sums to zero), and it
 * changes the balances of the accounts it touches in the same SQL statement as its entries (one call of
 * the `ledger_move` function, migration 0006_ledger_speed.sql): the debited balance by a conditional
 * update (`… where credit_cents >= amount`), so a movement that would take a balance below zero moves
 * nothing and fails with `InsufficientCredit` (422) instead of reaching the CHECK (balance >= 0)
 * backstop. Rows are locked company first, then reservation, then user, so two movements never wait on
 * each other in a cycle.
 *
 * Speed: one balance (a user sending a broadcast) is hot, and a row lock is held until commit, so the
 * statement writes the transaction row and the entries (and runs their index and foreign-key work) first
 * and updates the balances last; an entry's user is checked at commit, when the movement already holds
 * that row. Deductions per second against one hot balance: `npm run bench -- ledger`.
 *
 * Every function takes the caller's handle (`db` or a transaction): inside a transaction the movement
 * commits or rolls back with the caller's other writes; on `db` it is atomic by itself (one statement).
 * A refused movement fails as a statement, so a caller's transaction ends with it (roll it back, or run the
 * movement in a savepoint, `tx.transaction(...)`, to go on after a refusal). Spending paths (sends) go
 * through spend.ts, which adds the low-credit alerts.
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { creditReservations, ledgerTransactions } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import { NotFound, Unprocessable } from "../../errors";
import { creditEvent, EVENTS_CHANNEL } from "../../lib/events";
import { INSUFFICIENT_CORPORATE_CREDIT } from "./credit.messages";

export const INSUFFICIENT_USER_CREDIT = "Credit cannot go below 0";
export const RESERVATION_SHORT = "The reservation is released or holds less than this amount";
export const RESERVATION_NOT_FOUND = "Reservation not found";
export const ACCOUNT_NOT_FOUND = "The account to credit was not found";
export const IDEMPOTENCY_MISMATCH =
  "This Idempotency-Key was already used for a different request; use a new key for a new request";

export type LedgerKind =
  | "purchase"
  | "allocate"
  | "deduct"
  | "reserve"
  | "capture"
  | "release"
  | "refund"
  | "charge";

export type Account =
  | { kind: "external" }
  | { kind: "company" }
  | { kind: "user"; userId: string }
  | { kind: "reserved"; userId: string; reservationId: string }
  | { kind: "usage" };

/** A movement would take a balance below zero: nothing moved. */
export class InsufficientCredit extends Unprocessable {
  constructor(
    message: string,
    readonly account: Account["kind"],
  ) {
    super(message);
  }
}

export interface MovementOptions {
  companyId: string;
  /** Positive integer cents. */
  amountCents: number;
  /** The user who caused the movement (null for the system, e.g. a payment webhook). */
  actorId?: string | null;
  /** What the movement is about (a checkout session, a broadcast, a message id). */
  reference?: string | null;
  memo?: string | null;
  /** Add the entries to this existing ledger transaction (an idempotent request's) instead of a new one. */
  transactionId?: string;
}

export interface Movement {
  transactionId: string;
  amountCents: number;
  /** The debited account's balance after the movement (null for 'external' and 'usage'). */
  debitedBalanceCents?: number | null;
  /** The credited account's balance after the movement (null for 'external' and 'usage'). */
  creditedBalanceCents?: number | null;
}

export interface Reservation extends Movement {
  reservationId: string;
}

function checkAmount(amountCents: number) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new Unprocessable("The amount must be a positive number of cents");
  }
}

const errorText = (err: unknown): string => {
  const parts: string[] = [];
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause)
    parts.push(String((e as Error).message ?? e));
  return parts.join(" ");
};

const accountUser = (a: Account): string | null => ("userId" in a ? a.userId : null);
const accountReservation = (a: Account): string | null => (a.kind === "reserved" ? a.reservationId : null);

const DEBIT_MESSAGES: Record<Account["kind"], string> = {
  company: INSUFFICIENT_CORPORATE_CREDIT,
  user: INSUFFICIENT_USER_CREDIT,
  reserved: RESERVATION_SHORT,
  external: "",
  usage: "",
};

/** The parts of a Drizzle handle (`db` or a transaction) that run a query under a statement name. */
interface DrizzleInternals {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * Runs the constant statement `text` under `name`: on PostgreSQL each pooled connection parses and plans it
 * once and then only binds and executes it (node-postgres keeps the statements a connection prepared), and
 * no SQL is built per call. PGlite ignores the name. It goes through the handle's session, so it joins the
 * caller's transaction and is reported to the query recorder like any other statement.
 */
function executeNamed(tx: DbOrTx, name: string, text: string, params: unknown[]): Promise<unknown> {
  return (tx as unknown as DrizzleInternals).session
    .prepareQuery({ sql: text, params }, undefined, name, false)
    .execute();
}

const LEDGER_MOVE = `select debit_after, credit_after from ledger_move($1::uuid, $2::varchar, $3::varchar,
  $4::varchar, $5::uuid, $6::uuid, $7::bigint, $8::uuid, $9::boolean, $10::uuid, $11::varchar, $12::text,
  $13::boolean, $14::uuid, $15::uuid)`;
/** The same movement and its `credit` event (lib/events.ts), still one statement: sent on commit. */
const LEDGER_MOVE_NOTIFY = `select debit_after, credit_after, pg_notify($16::text, $17::text) from ledger_move($1::uuid,
  $2::varchar, $3::varchar, $4::varchar, $5::uuid, $6::uuid, $7::bigint, $8::uuid, $9::boolean, $10::uuid,
  $11::varchar, $12::text, $13::boolean, $14::uuid, $15::uuid)`;

/**
 * Moves `amountCents` from one account to another in ONE statement, `ledger_move` (migration
 * 0006_ledger_speed.sql): the transaction row (unless `transactionId` is given), both entries, then the
 * conditional debit and the credit. Throws InsufficientCredit when the debited balance is too small, and
 * NotFound when the credited account does not exist; nothing moved then (the statement failed as a
 * whole, so inside a caller's transaction that transaction must be rolled back, as an error does anyway).
 */
async function move(
  tx: DbOrTx,
  kind: LedgerKind,
  from: Account,
  to: Account,
  opts: MovementOptions,
  closeReservation = false,
): Promise<Movement> {
  const amt = opts.amountCents;
  checkAmount(amt);
  const { companyId } = opts;
  const transactionId = opts.transactionId ?? uuidv7();
  const user = accountUser(from) ?? accountUser(to);
  const reservation = accountReservation(from) ?? accountReservation(to);
  // The portal's credit figures follow the balances shown: the company's, or the user's own.
  const event = creditEvent(companyId, {
    company: from.kind === "company" || to.kind === "company",
    userId: from.kind === "user" || to.kind === "user" ? user : null,
  });
  let result: unknown;
  try {
    const params = [
      companyId,
      kind,
      from.kind,
      to.kind,
      user,
      reservation,
      amt,
      transactionId,
      !opts.transactionId,
      opts.actorId ?? null,
      opts.reference ?? null,
      opts.memo ?? null,
      closeReservation,
      uuidv7(),
      uuidv7(),
    ];
    result = event
      ? await executeNamed(tx, "ledger_move_notify", LEDGER_MOVE_NOTIFY, [
          ...params,
          EVENTS_CHANNEL,
          JSON.stringify(event),
        ])
      : await executeNamed(tx, "ledger_move", LEDGER_MOVE, params);
  } catch (err) {
    const text = errorText(err);
    if (/ledger movement refused/.test(text))
      throw new InsufficientCredit(DEBIT_MESSAGES[from.kind], from.kind);
    // The credited account does not exist (e.g. another company's user, or no such company).
    if (/ledger movement unbalanced|ledger_transactions_company_id_companies_id_fk/.test(text))
      throw new NotFound(ACCOUNT_NOT_FOUND);
    throw err;
  }
  const [row] = rowsOf<{ debit_after: number | string | null; credit_after: number | string | null }>(result);
  const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    transactionId,
    amountCents: amt,
    debitedBalanceCents: num(row?.debit_after),
    creditedBalanceCents: num(row?.credit_after),
  };
}

/** Credit bought from outside (a confirmed payment): external -> company. */
export function purchaseCredit(tx: DbOrTx, opts: MovementOptions): Promise<Movement> {
  return move(tx, "purchase", { kind: "external" }, { kind: "company" }, opts);
}

/**
 * Credit the operator grants (a goodwill grant, an answered top-up request): external -> company, recorded as a
 * purchase whose memo (shown on the company's statement) says why.
 */
export function grantCredit(tx: DbOrTx, opts: MovementOptions): Promise<Movement> {
  return move(tx, "purchase", { kind: "external" }, { kind: "company" }, opts);
}

/**
 * Credit the operator takes back (a correction): company -> external, recorded as a charge whose memo says why.
 * 422 'Insufficient corporate credit' when the balance is smaller: never below zero.
 */
export function correctCredit(tx: DbOrTx, opts: MovementOptions): Promise<Movement> {
  return move(tx, "charge", { kind: "company" }, { kind: "external" }, opts);
}

/** Corporate credit given to a user: company -> user. 422 'Insufficient corporate credit' when short. */
export function allocate(tx: DbOrTx, opts: MovementOptions & { userId: string }): Promise<Movement> {
  return move(tx, "allocate", { kind: "company" }, { kind: "user", userId: opts.userId }, opts);
}

/** A user's credit taken back to the company: user -> company. 422 'Credit cannot go below 0' when short. */
export function deduct(tx: DbOrTx, opts: MovementOptions & { userId: string }): Promise<Movement> {
  return move(tx, "deduct", { kind: "user", userId: opts.userId }, { kind: "company" }, opts);
}

/** A user's credit spent at once, without a reservation: user -> usage. */
export function charge(tx: DbOrTx, opts: MovementOptions & { userId: string }): Promise<Movement> {
  return move(tx, "charge", { kind: "user", userId: opts.userId }, { kind: "usage" }, opts);
}

/** The corporate balance spent at once (a send the company pays for itself): company -> usage. */
export function chargeCompany(tx: DbOrTx, opts: MovementOptions): Promise<Movement> {
  return move(tx, "charge", { kind: "company" }, { kind: "usage" }, opts);
}

/** Holds a send's estimated cost: user -> reserved (a new open reservation). */
export async function reserve(tx: DbOrTx, opts: MovementOptions & { userId: string }): Promise<Reservation> {
  const reservationId = uuidv7();
  const m = await move(
    tx,
    "reserve",
    { kind: "user", userId: opts.userId },
    { kind: "reserved", userId: opts.userId, reservationId },
    opts,
  );
  return { ...m, reservationId };
}

async function reservationOwner(tx: DbOrTx, companyId: string, reservationId: string) {
  const [r] = await tx
    .select({ userId: creditReservations.userId, companyId: creditReservations.companyId })
    .from(creditReservations)
    .where(eq(creditReservations.id, reservationId));
  if (!r || r.companyId !== companyId) throw new NotFound(RESERVATION_NOT_FOUND);
  return r.userId;
}

/** Charges part of a reservation for an accepted message: reserved -> usage. */
export async function capture(
  tx: DbOrTx,
  opts: MovementOptions & { reservationId: string },
): Promise<Movement> {
  const userId = await reservationOwner(tx, opts.companyId, opts.reservationId);
  return move(
    tx,
    "capture",
    { kind: "reserved", userId, reservationId: opts.reservationId },
    { kind: "usage" },
    opts,
  );
}

/**
 * Closes a reservation and gives what it still holds back to its user: reserved -> user. Answers the
 * released amount (0, and no transaction, when nothing was left); a second release answers 0.
 */
export async function release(
  tx: DbOrTx,
  opts: Omit<MovementOptions, "amountCents"> & { reservationId: string },
): Promise<Movement | { transactionId: null; amountCents: 0 }> {
  // Its own transaction (a savepoint inside the caller's): the row stays locked from read to movement.
  return tx.transaction((inner) => releaseLocked(inner, opts));
}

async function releaseLocked(
  tx: DbOrTx,
  opts: Omit<MovementOptions, "amountCents"> & { reservationId: string },
): Promise<Movement | { transactionId: null; amountCents: 0 }> {
  const rows = rowsOf<{ user_id: string; remaining_cents: number | string; status: string }>(
    await tx.execute(sql`select user_id, remaining_cents, status from credit_reservations
                          where id = ${opts.reservationId}::uuid and company_id = ${opts.companyId}::uuid
                          for update`),
  );
  const r = rows[0];
  if (!r) throw new NotFound(RESERVATION_NOT_FOUND);
  const remaining = Number(r.remaining_cents);
  if (r.status !== "open") return { transactionId: null, amountCents: 0 };
  if (remaining === 0) {
    await tx.execute(sql`update credit_reservations set status = 'released', updated_at = now()
                          where id = ${opts.reservationId}::uuid`);
    return { transactionId: null, amountCents: 0 };
  }
  return move(
    tx,
    "release",
    { kind: "reserved", userId: r.user_id, reservationId: opts.reservationId },
    { kind: "user", userId: r.user_id },
    { ...opts, amountCents: remaining },
    true,
  );
}

/** Gives back credit spent on a failed, non-billable message: usage -> user. */
export function refund(tx: DbOrTx, opts: MovementOptions & { userId: string }): Promise<Movement> {
  return move(tx, "refund", { kind: "usage" }, { kind: "user", userId: opts.userId }, opts);
}

// ---- Idempotency ----

export interface IdempotentRequest {
  companyId: string;
  /** The Idempotency-Key header; without one the work simply runs once in a transaction. */
  key: string | undefined;
  /** The operation and the body that identify the request (leave secrets such as passwords out). */
  operation: string;
  body: unknown;
  /** The company user behind the request; null for the operator or the system. */
  actorId: string | null;
  /** Kind of the request's ledger transaction ('request' when it may move nothing). */
  kind: LedgerKind | "request";
}

/** Stable JSON (sorted keys) of a value, for fingerprints. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export const fingerprintOf = (operation: string, body: unknown) =>
  createHash("sha256")
    .update(`${operation}\n${stable(body)}`)
    .digest("hex");

const isIdempotencyConflict = (err: unknown): boolean => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const x = e as { code?: string; constraint?: string; message?: string };
    if (
      x.code === "23505" &&
      (x.constraint ?? x.message ?? "").includes("ledger_transactions_idempotency_key")
    )
      return true;
    if (/ledger_transactions_idempotency_key/.test(String(x.message ?? ""))) return true;
  }
  return false;
};

async function priorAnswer<T>(db: Db, req: IdempotentRequest, fingerprint: string): Promise<T | undefined> {
  const [prior] = await db
    .select({ fingerprint: ledgerTransactions.fingerprint, response: ledgerTransactions.response })
    .from(ledgerTransactions)
    .where(
      sql`${ledgerTransactions.companyId} = ${req.companyId} and ${ledgerTransactions.idempotencyKey} = ${req.key}`,
    );
  if (!prior) return undefined;
  if (prior.fingerprint !== fingerprint) throw new Unprocessable(IDEMPOTENCY_MISMATCH);
  return prior.response as T;
}

/**
 * Runs `work` in a transaction at most once per company and Idempotency-Key. The request's ledger
 * transaction is created first (the unique key decides between concurrent replays: the second waits for
 * the first and then reads its answer); `work` adds its entries to it (pass `transactionId` to the
 * movement) and its answer is stored with it. A replay with the same body answers the stored answer and
 * moves nothing; with another body it fails with 422. A request that failed stored nothing and may be
 * retried with the same key.
 */
export async function idempotent<T>(
  db: Db,
  req: IdempotentRequest,
  work: (tx: Tx, transactionId: string | undefined) => Promise<T>,
): Promise<{ answer: T; replayed: boolean }> {
  if (!req.key) return { answer: await db.transaction((tx) => work(tx, undefined)), replayed: false };
  const fingerprint = fingerprintOf(req.operation, req.body);
  const prior = await priorAnswer<T>(db, req, fingerprint);
  if (prior !== undefined) return { answer: prior, replayed: true };
  try {
    const answer = await db.transaction(async (tx) => {
      const transactionId = uuidv7();
      await tx.insert(ledgerTransactions).values({
        id: transactionId,
        companyId: req.companyId,
        kind: req.kind,
        actorId: req.actorId,
        memo: req.operation,
        idempotencyKey: req.key,
        fingerprint,
      });
      const result = await work(tx, transactionId);
      await tx
        .update(ledgerTransactions)
        .set({ response: result as unknown })
        .where(eq(ledgerTransactions.id, transactionId));
      return result;
    });
    return { answer, replayed: false };
  } catch (err) {
    if (!isIdempotencyConflict(err)) throw err;
    const after = await priorAnswer<T>(db, req, fingerprint);
    if (after === undefined) throw err;
    return { answer: after, replayed: true };
  }
}

/** The Idempotency-Key header of a request, if any. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const v = headers["idempotency-key"];
  const key = Array.isArray(v) ? v[0] : v;
  return key && key.length > 0 ? key : undefined;
}

// ---- Reading ----

/** Balances of a company and its users, and the sums of their entries (they are equal). */
export async function audit(tx: DbOrTx, companyId: string) {
  const rows = rowsOf<{
    company_cents: number | string;
    company_entries: number | string;
    users_cents: number | string;
    user_entries: number | string;
    reserved_cents: number | string;
    reserved_entries: number | string;
    unbalanced: number | string;
  }>(
    await tx.execute(sql`select
      (select credit_cents from companies where id = ${companyId}::uuid) as company_cents,
      (select coalesce(sum(amount_cents), 0) from ledger_entries
        where company_id = ${companyId}::uuid and account = 'company') as company_entries,
      (select coalesce(sum(credit_cents), 0) from users where company_id = ${companyId}::uuid) as users_cents,
      (select coalesce(sum(amount_cents), 0) from ledger_entries
        where company_id = ${companyId}::uuid and account = 'user') as user_entries,
      (select coalesce(sum(remaining_cents), 0) from credit_reservations
        where company_id = ${companyId}::uuid) as reserved_cents,
      (select coalesce(sum(amount_cents), 0) from ledger_entries
        where company_id = ${companyId}::uuid and account = 'reserved') as reserved_entries,
      (select count(*) from (select transaction_id from ledger_entries where company_id = ${companyId}::uuid
                              group by transaction_id having sum(amount_cents) <> 0) x) as unbalanced`),
  );
  const r = rows[0]!;
  return {
    companyCents: Number(r.company_cents),
    companyEntries: Number(r.company_entries),
    usersCents: Number(r.users_cents),
    userEntries: Number(r.user_entries),
    reservedCents: Number(r.reserved_cents),
    reservedEntries: Number(r.reserved_entries),
    unbalancedTransactions: Number(r.unbalanced),
  };
}
