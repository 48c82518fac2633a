import type { components } from "@herald/api-client/schema";
import { PURCHASE_AMOUNT_REQUIRED } from "@herald/domain";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { companies, paymentCustomers, paymentEvents, payments, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { BadRequest, NotFound } from "../../errors";
import { type Actor, assertAdmin } from "../../plugins/actor";
import {
  PAYMENT_COMPLETED_EVENTS,
  PAYMENT_EXPIRED_EVENTS,
  type PaymentEvent,
} from "../../providers/payments";
import { recordAudit } from "../audit/audit";
import { purchaseCredit } from "../credit/ledger";
import { MAX_PURCHASE_SGD, PURCHASE_TOO_LARGE, UNKNOWN_PROVIDER } from "./payments.messages";

type S = components["schemas"];

/**
 * The address the browser comes back to after a checkout: the origin the admin's page was opened at, when the
 * request says so and is same-origin (its Origin names this very host: the portal and the API share one
 * origin), so a session kept in that origin's storage is there on return (`127.0.0.1` and `localhost` are
 * different origins). Otherwise (the CLI, another site) the configured public URL, HERALD_PUBLIC_URL.
 */
export function returnOrigin(origin: unknown, host: string | undefined, publicUrl: string): string {
  if (typeof origin !== "string" || !host) return publicUrl;
  try {
    const u = new URL(origin);
    if ((u.protocol === "http:" || u.protocol === "https:") && u.host === host.toLowerCase()) return u.origin;
  } catch {
    /* not a URL: the public URL */
  }
  return publicUrl;
}

/** Where the provider sends the browser back: Purchase Credit with payment_success=true|false. */
export const purchasePageUrl = (publicUrl: string, success?: boolean) =>
  `${publicUrl}/credit-mgt/purchase-credit${success === undefined ? "" : `?payment_success=${success}`}`;

/** What a webhook delivery did, for the log and the tests. */
export type WebhookOutcome =
  | "credited"
  | "duplicate"
  | "ignored"
  | "unpaid"
  | "unknown-session"
  | "mismatch"
  | "expired";

/** Whole SGD from 1 to the maximum; 400 'Please select or enter amount' otherwise. */
export function purchaseCents(amount: unknown): number {
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 1) {
    throw new BadRequest(PURCHASE_AMOUNT_REQUIRED);
  }
  if (amount > MAX_PURCHASE_SGD) throw new BadRequest(PURCHASE_TOO_LARGE);
  return amount * 100;
}

/**
 * Corporate credit purchases: /checkout starts one at the payment provider, /billingPortal opens the payment
 * history, and the provider's signed webhook credits the corporate balance exactly once per purchase (the
 * event id and the checkout session are both unique; the amount and the company are our row's).
 */
export function paymentsService({ config, database, payments: provider }: Deps) {
  const { db } = database;

  /** The company's customer at the provider, created and stored on first use (null for the sandbox). */
  async function customerOf(actor: Actor): Promise<string | null> {
    const [known] = await db
      .select({ customerId: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(
        and(eq(paymentCustomers.companyId, actor.companyId), eq(paymentCustomers.provider, provider.name)),
      );
    if (known) return known.customerId;
    const [who] = await db
      .select({ company: companies.name, email: users.email })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.id, actor.userId), eq(users.companyId, actor.companyId)));
    if (!who) throw new NotFound();
    const customerId = await provider.createCustomer({
      companyId: actor.companyId,
      name: who.company,
      email: who.email,
    });
    if (!customerId) return null;
    await db
      .insert(paymentCustomers)
      .values({ companyId: actor.companyId, provider: provider.name, customerId })
      .onConflictDoNothing();
    const [stored] = await db
      .select({ customerId: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(
        and(eq(paymentCustomers.companyId, actor.companyId), eq(paymentCustomers.provider, provider.name)),
      );
    return stored?.customerId ?? customerId;
  }

  return {
    /** `base`: the origin the browser returns to (see returnOrigin); the public URL by default. */
    async checkout(
      actor: Actor,
      body: S["CheckoutRequest"],
      base: string = config.publicUrl,
    ): Promise<S["RedirectUrl"]> {
      assertAdmin(actor);
      const amountCents = purchaseCents(body.amount);
      const customerId = await customerOf(actor);
      const purchaseId = uuidv7();
      await db.insert(payments).values({
        id: purchaseId,
        companyId: actor.companyId,
        amountCents,
        provider: provider.name,
        createdBy: actor.userId,
      });
      try {
        const session = await provider.createCheckout({
          purchaseId,
          companyId: actor.companyId,
          amountCents,
          customerId,
          successUrl: purchasePageUrl(base, true),
          cancelUrl: purchasePageUrl(base, false),
        });
        await db
          .update(payments)
          .set({ providerSessionId: session.sessionId })
          .where(eq(payments.id, purchaseId));
        return { url: session.url };
      } catch (err) {
        // No session: the purchase can never be paid.
        await db
          .update(payments)
          .set({ status: "cancelled", cancelledAt: new Date() })
          .where(eq(payments.id, purchaseId));
        throw err;
      }
    },

    async billingPortal(actor: Actor, base: string = config.publicUrl): Promise<S["RedirectUrl"]> {
      assertAdmin(actor);
      const customerId = await customerOf(actor);
      return provider.billingPortal({
        companyId: actor.companyId,
        customerId,
        returnUrl: purchasePageUrl(base),
      });
    },

    /**
     * A payment webhook delivery: verified on its raw body by the configured driver, then applied in one
     * transaction. The event id is recorded first (a redelivery, even a concurrent one, finds it and does
     * nothing); the purchase row is locked by its checkout session and turned paid at most once; the ledger
     * credits OUR row's amount to OUR row's company.
     */
    async webhook(
      providerName: string,
      rawBody: string | undefined,
      headers: Record<string, string | string[] | undefined>,
      log?: FastifyBaseLogger,
    ): Promise<S["WebhookAck"] & { outcome: WebhookOutcome }> {
      if (providerName !== provider.name) throw new NotFound(UNKNOWN_PROVIDER);
      if (rawBody === undefined) throw new BadRequest("The payment event could not be read");
      const event = provider.readEvent(rawBody, headers);
      const outcome = await applyEvent(event, log);
      return { received: true, duplicate: outcome === "duplicate", outcome };
    },
  };

  async function applyEvent(event: PaymentEvent, log?: FastifyBaseLogger): Promise<WebhookOutcome> {
    const completed = PAYMENT_COMPLETED_EVENTS.has(event.type);
    const expired = PAYMENT_EXPIRED_EVENTS.has(event.type);
    if ((!completed && !expired) || !event.session) return "ignored";
    const session = event.session;
    // Completed but not paid yet (delayed payment methods): the async_payment_succeeded event follows.
    if (completed && session.paymentStatus !== "paid") return "unpaid";

    return db.transaction(async (tx) => {
      const recorded = await tx
        .insert(paymentEvents)
        .values({ provider: provider.name, eventId: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (recorded.length === 0) return "duplicate";

      const rows = await tx.execute(sql`select id, company_id, amount_cents, status from payments
        where provider = ${provider.name} and provider_session_id = ${session.id} for update`);
      const row = ((rows as { rows?: unknown[] }).rows ?? (rows as unknown[]))[0] as
        | { id: string; company_id: string; amount_cents: number | string; status: string }
        | undefined;
      if (!row) {
        log?.warn(
          { eventId: event.id, sessionId: session.id },
          "payment event for an unknown checkout session",
        );
        return "unknown-session";
      }
      await tx
        .update(paymentEvents)
        .set({ paymentId: row.id })
        .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id)));
      const amountCents = Number(row.amount_cents);
      const meta = session.metadata;
      const foreign =
        (meta.company_id !== undefined && meta.company_id !== row.company_id) ||
        (meta.purchase_id !== undefined && meta.purchase_id !== row.id) ||
        (session.clientReferenceId !== null && session.clientReferenceId !== row.id);
      if (foreign) {
        log?.error(
          { eventId: event.id, sessionId: session.id, purchaseId: row.id },
          "payment event names another company or purchase than its checkout session: not credited",
        );
        return "mismatch";
      }
      if (row.status === "paid") return "duplicate";
      if (expired) {
        if (row.status === "pending") {
          await tx
            .update(payments)
            .set({ status: "cancelled", cancelledAt: new Date() })
            .where(eq(payments.id, row.id));
        }
        return "expired";
      }
      if (session.amountTotal !== amountCents || (session.currency ?? "").toLowerCase() !== "sgd") {
        log?.error(
          {
            eventId: event.id,
            purchaseId: row.id,
            expected: amountCents,
            got: session.amountTotal,
            currency: session.currency,
          },
          "paid amount differs from the purchase: not credited",
        );
        return "mismatch";
      }
      const moved = await purchaseCredit(tx, {
        companyId: row.company_id,
        amountCents,
        actorId: null,
        reference: `payment:${row.id}`,
        memo: `${provider.name} checkout ${session.id}`,
      });
      const updated = await tx
        .update(payments)
        .set({
          status: "paid",
          paidAt: new Date(),
          providerEventId: event.id,
          ledgerTransactionId: moved.transactionId,
        })
        .where(and(eq(payments.id, row.id), sql`${payments.status} <> 'paid'`))
        .returning({ id: payments.id });
      if (updated.length !== 1) throw new Error("payment changed under its lock");
      await recordAudit(tx, {
        companyId: row.company_id,
        who: { type: "system" },
        action: "credit.purchased",
        target: { type: "company", id: row.company_id },
        before: { companyCredit: (Number(moved.creditedBalanceCents) - amountCents) / 100 },
        after: { amount: amountCents / 100, companyCredit: Number(moved.creditedBalanceCents) / 100 },
      });
      log?.info({ eventId: event.id, purchaseId: row.id, amountCents }, "purchase credited");
      return "credited";
    });
  }
}
