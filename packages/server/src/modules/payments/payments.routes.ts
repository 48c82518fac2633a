import { timingSafeEqual } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { sandboxPagesEnabled } from "../../config";
import { companies, payments } from "../../db/schema";
import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import type { SandboxPaymentProvider } from "../../providers/payments";
import { renderCheckoutPage, renderHistoryPage, renderSandboxNotice } from "./payments.page";
import { paymentsService, purchasePageUrl, returnOrigin } from "./payments.service";

/** The sandbox pages send the browser back on their own origin (the one the checkout was opened from). */
const back = (success?: boolean) => purchasePageUrl("", success);

/** /checkout, /billingPortal and the payment webhook. */
export function paymentHandlers(deps: Deps): Handlers {
  const service = paymentsService(deps);
  return {
    checkout: async (r) =>
      service.checkout(
        requireActor(r.actor),
        r.body,
        returnOrigin(r.headers.origin, r.host, deps.config.publicUrl),
      ),
    billingPortal: async (r) =>
      service.billingPortal(
        requireActor(r.actor),
        returnOrigin(r.headers.origin, r.host, deps.config.publicUrl),
      ),
    paymentWebhook: async (r) => {
      const { outcome, ...ack } = await service.webhook(r.params.provider, r.rawBody, r.headers, r.log);
      r.log.info({ outcome }, "payment webhook");
      return ack;
    },
  };
}

const html = (reply: import("fastify").FastifyReply, status: number, body: string) =>
  reply.code(status).header("content-type", "text/html; charset=utf-8").send(body);

const sameToken = (expected: string, given: unknown) => {
  if (typeof given !== "string" || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sandbox checkout and payment-history pages (the embedded default's stand-ins for Stripe Checkout and
 * the Stripe Billing Portal). Never registered in production or when a real provider is configured. Each
 * address carries a secret token (an HMAC of the purchase or company under a key derived from the server's
 * JWT secret), so nobody can pay, cancel or read a purchase whose address they were not given.
 */
export async function registerSandboxPaymentPages(app: FastifyInstance, deps: Deps) {
  if (!sandboxPagesEnabled(deps.config) || deps.payments.name !== "sandbox") return;
  const sandbox = deps.payments as SandboxPaymentProvider;
  const { db } = deps.database;

  async function purchase(id: string, token: unknown) {
    if (!UUID.test(id) || !sameToken(sandbox.checkoutToken(id), token)) return undefined;
    const [row] = await db
      .select({
        id: payments.id,
        companyId: payments.companyId,
        company: companies.name,
        amountCents: payments.amountCents,
        status: payments.status,
        providerSessionId: payments.providerSessionId,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .innerJoin(companies, eq(companies.id, payments.companyId))
      .where(eq(payments.id, id));
    return row?.providerSessionId ? row : undefined;
  }

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get<{ Params: { id: string }; Querystring: { token?: string } }>(
      "/_sandbox/checkout/:id",
      async (req, reply) => {
        const row = await purchase(req.params.id, req.query.token);
        if (!row)
          return html(
            reply,
            404,
            renderSandboxNotice("Checkout not found", "This checkout link is not valid."),
          );
        return html(reply, 200, renderCheckoutPage(row, req.query.token as string, back()));
      },
    );

    scope.post<{ Params: { id: string }; Body: { token?: string } | undefined }>(
      "/_sandbox/checkout/:id/pay",
      async (req, reply) => {
        const row = await purchase(req.params.id, req.body?.token);
        if (!row)
          return html(
            reply,
            404,
            renderSandboxNotice("Checkout not found", "This checkout link is not valid."),
          );
        if (row.status !== "pending") {
          return reply.redirect(back(row.status === "paid"), 303);
        }
        // The provider's side of a payment: a signed checkout.session.completed event to the webhook.
        const event = {
          id: `evt_sandbox_${crypto.randomUUID().replaceAll("-", "")}`,
          object: "event",
          type: "checkout.session.completed",
          created: Math.floor(Date.now() / 1000),
          data: {
            object: {
              id: row.providerSessionId,
              object: "checkout.session",
              mode: "payment",
              payment_status: "paid",
              status: "complete",
              amount_total: row.amountCents,
              currency: "sgd",
              client_reference_id: row.id,
              metadata: { company_id: row.companyId, purchase_id: row.id },
            },
          },
        };
        const payload = JSON.stringify(event);
        const res = await app.inject({
          method: "POST",
          url: "/api/webhooks/payments/sandbox",
          headers: { "content-type": "application/json", "x-herald-signature": sandbox.sign(payload) },
          payload,
        });
        if (res.statusCode !== 200) {
          req.log.error({ status: res.statusCode, body: res.body }, "sandbox payment webhook refused");
          return html(
            reply,
            502,
            renderSandboxNotice("Payment failed", "The payment webhook refused the event."),
          );
        }
        return reply.redirect(back(true), 303);
      },
    );

    scope.post<{ Params: { id: string }; Body: { token?: string } | undefined }>(
      "/_sandbox/checkout/:id/cancel",
      async (req, reply) => {
        const row = await purchase(req.params.id, req.body?.token);
        if (!row)
          return html(
            reply,
            404,
            renderSandboxNotice("Checkout not found", "This checkout link is not valid."),
          );
        if (row.status === "pending") {
          await db
            .update(payments)
            .set({ status: "cancelled", cancelledAt: new Date() })
            .where(eq(payments.id, row.id));
        }
        return reply.redirect(back(row.status === "paid"), 303);
      },
    );

    scope.get<{ Params: { companyId: string }; Querystring: { expires?: string; token?: string } }>(
      "/_sandbox/payments/:companyId",
      async (req, reply) => {
        const { companyId } = req.params;
        const expires = Number(req.query.expires);
        const valid =
          UUID.test(companyId) &&
          Number.isInteger(expires) &&
          expires >= Math.floor(Date.now() / 1000) &&
          sameToken(sandbox.historyToken(companyId, expires), req.query.token);
        if (!valid) {
          return html(
            reply,
            404,
            renderSandboxNotice("Payment history not found", "This link is not valid or has expired."),
          );
        }
        const [company] = await db
          .select({ name: companies.name })
          .from(companies)
          .where(eq(companies.id, companyId));
        if (!company)
          return html(
            reply,
            404,
            renderSandboxNotice("Payment history not found", "This link is not valid."),
          );
        const rows = await db
          .select({
            id: payments.id,
            amountCents: payments.amountCents,
            status: payments.status,
            createdAt: payments.createdAt,
            paidAt: payments.paidAt,
          })
          .from(payments)
          .where(eq(payments.companyId, companyId))
          .orderBy(desc(payments.createdAt), desc(payments.id))
          .limit(500);
        return html(reply, 200, renderHistoryPage(company.name, rows, back()));
      },
    );
  });
}
