import { HttpError } from "../../errors";

/**
 * Corporate credit purchases at a payment provider: a hosted checkout page, a billing portal (payment
 * history), and the signed events that confirm payments. Drivers: `stripe` (STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET) and `sandbox` (the embedded default: local pages under /_sandbox).
 */
export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";
  /** Creates the company's customer at the provider (Stripe), or answers null when the driver has none. */
  createCustomer(input: { companyId: string; name: string; email: string }): Promise<string | null>;
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  billingPortal(input: { companyId: string; customerId: string | null; returnUrl: string }): Promise<{
    url: string;
  }>;
  /**
   * The event of a webhook request, read from its RAW body after its signature is verified: Unauthorized
   * (401) for a missing, invalid or stale signature, BadRequest (400) for a body the driver cannot read.
   */
  readEvent(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentEvent;
}

export interface CheckoutInput {
  /** Our payments row; the provider keeps it in the session's metadata. */
  purchaseId: string;
  companyId: string;
  amountCents: number;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A provider event, reduced to what Herald acts on (Stripe's event object shape). */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The checkout session of a `checkout.session.*` event. */
  session?: CheckoutSessionData;
}

export interface CheckoutSessionData {
  id: string;
  /** 'paid', 'unpaid' or 'no_payment_required' (Stripe's values). */
  paymentStatus: string | null;
  amountTotal: number | null;
  currency: string | null;
  metadata: Record<string, string>;
  clientReferenceId: string | null;
}

/** Events that may credit a purchase (when their session is paid), and the one that ends an unpaid one. */
export const PAYMENT_COMPLETED_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);
export const PAYMENT_EXPIRED_EVENTS = new Set(["checkout.session.expired"]);

/** Signatures older (or newer) than this are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const PROVIDER_UNAVAILABLE = "The payment provider is unreachable. Please try again later.";

/** The provider could not be reached or refused the call: 503, nothing charged. */
export class PaymentProviderUnavailable extends HttpError {
  constructor(readonly reason?: unknown) {
    super(503, PROVIDER_UNAVAILABLE);
  }
}

/** A checkout session's fields from a provider's session object (Stripe's shape). */
export function sessionData(object: unknown): CheckoutSessionData | undefined {
  if (!object || typeof object !== "object") return undefined;
  const o = object as Record<string, unknown>;
  if (typeof o.id !== "string" || o.id.length === 0) return undefined;
  const metadata: Record<string, string> = {};
  if (o.metadata && typeof o.metadata === "object") {
    for (const [k, v] of Object.entries(o.metadata as Record<string, unknown>))
      if (typeof v === "string") metadata[k] = v;
  }
  return {
    id: o.id,
    paymentStatus: typeof o.payment_status === "string" ? o.payment_status : null,
    amountTotal: typeof o.amount_total === "number" ? o.amount_total : null,
    currency: typeof o.currency === "string" ? o.currency : null,
    metadata,
    clientReferenceId: typeof o.client_reference_id === "string" ? o.client_reference_id : null,
  };
}
