import Stripe from "stripe";
import { BadRequest, Unauthorized } from "../../errors";
import { type PaymentProvider, PaymentProviderUnavailable, WEBHOOK_TOLERANCE_SECONDS } from "./provider";
import { parseEvent } from "./sandbox";

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Stripe API base (tests: a loopback fake); api.stripe.com when unset. */
  apiUrl?: string;
}

/** Any failure of a Stripe call is a 503 to our client: nothing was charged, they may try again. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw new PaymentProviderUnavailable(err);
  }
}

/** Stripe Checkout (mode payment, SGD) and the Stripe Billing Portal, with the `stripe` package. */
export function stripePaymentProvider(opts: StripeOptions): PaymentProvider {
  const base = opts.apiUrl ? new URL(opts.apiUrl) : undefined;
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
  return {
    name: "stripe",
    async createCustomer(input) {
      const customer = await call(() =>
        stripe.customers.create(
          { name: input.name, email: input.email, metadata: { company_id: input.companyId } },
          { idempotencyKey: `herald-customer-${input.companyId}` },
        ),
      );
      return customer.id;
    },
    async createCheckout(input) {
      const metadata = { company_id: input.companyId, purchase_id: input.purchaseId };
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            ...(input.customerId ? { customer: input.customerId } : {}),
            client_reference_id: input.purchaseId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: "sgd",
                  unit_amount: input.amountCents,
                  product_data: { name: `Herald prepaid credit (SGD ${input.amountCents / 100})` },
                },
              },
            ],
            metadata,
            payment_intent_data: { metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: `herald-checkout-${input.purchaseId}` },
        ),
      );
      if (!session.url) throw new PaymentProviderUnavailable("checkout session without url");
      return { sessionId: session.id, url: session.url };
    },
    async billingPortal(input) {
      if (!input.customerId) throw new PaymentProviderUnavailable("no customer");
      const customerId = input.customerId;
      const session = await call(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: input.returnUrl }),
      );
      return { url: session.url };
    },
    readEvent(rawBody, headers) {
      const raw = headers["stripe-signature"];
      const header = Array.isArray(raw) ? raw[0] : raw;
      if (!header) throw new Unauthorized("Missing webhook signature");
      try {
        stripe.webhooks.constructEvent(rawBody, header, opts.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new Unauthorized(
            /timestamp outside the tolerance/i.test(err.message)
              ? "Stale webhook signature"
              : "Invalid webhook signature",
          );
        }
        throw new BadRequest("The payment event could not be read");
      }
      return parseEvent(rawBody);
    },
  };
}
