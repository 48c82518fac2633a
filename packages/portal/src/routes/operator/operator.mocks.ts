/**
 * Test-only: an in-memory operator API for the browser tests (msw handlers), typed by the generated client, with
 * a log of the calls made (path, Authorization and Idempotency-Key headers, body). Never imported by screens.
 */
import type { Schema } from "@herald/api-client";
import { HttpResponse, http } from "msw";

type Company = Schema<"OperatorCompanyDetail">;
type Topup = Schema<"TopupRequestRecord">;
type SenderId = Schema<"SenderIdRecord">;
type InboundNumber = Schema<"InboundNumber">;
type Audit = Schema<"AuditEntry">;

export const OPERATOR_TOKEN = "operator-session-token";
export const uuid = (n: number) => `0190a1b2-0000-7000-8000-${String(n).padStart(12, "0")}`;

const prices = (): Company["prices"] => [
  { channel: "sms", priceCents: 5, defaultCents: 5, overridden: false },
  { channel: "email", priceCents: 1, defaultCents: 1, overridden: false },
  { channel: "whatsapp", priceCents: 4, defaultCents: 3, overridden: true },
];

export function company(n: number, patch: Partial<Company> = {}): Company {
  const names = ["Acme Pte Ltd", "Blue Harbour Clinic", "Cedar Logistics", "Dawn Bakery", "Evergreen Realty"];
  return {
    id: uuid(100 + n),
    name: names[n % names.length] + (n >= names.length ? ` ${n}` : ""),
    ownerName: ["Ada Tan", "Ben Lim", "Chitra Rao", "Dan Ong", "Eve Goh"][n % 5]!,
    ownerEmail: `owner${n}@example.com`,
    users: 3 + n,
    userLimit: 10,
    balance: 1250.5 + n * 100,
    messagesThisMonth: 12_400 - n * 1000,
    status: n === 3 ? "suspended" : "active",
    createdAt: "2026-03-14T09:30:00Z",
    suspendedAt: n === 3 ? "2026-11-20T08:00:00Z" : null,
    suspendReason: n === 3 ? "Unpaid invoices since September" : null,
    prices: prices(),
    senderIds: [],
    numbers: [],
    smsGateways:
      n === 0
        ? [
            { gateway: "singtel", messages: 9_800, segments: 11_200, charged: 560, cost: 224, margin: 336 },
            { gateway: "backup", messages: 1_400, segments: 1_500, charged: 75, cost: 97.5, margin: -22.5 },
            { gateway: "intl", messages: 200, segments: 200, charged: 10, cost: null, margin: null },
          ]
        : [],
    ...patch,
  };
}

export function senderId(n: number, patch: Partial<SenderId> = {}): SenderId {
  return {
    id: uuid(300 + n),
    senderId: ["ACME", "BlueHarbour", "6591234567", "CEDAR", "DAWN"][n % 5]!,
    kind: n % 5 === 2 ? "number" : "alphanumeric",
    purpose: ["Delivery updates", "Appointment reminders", "Order confirmations", "Promotions", "OTP codes"][
      n % 5
    ]!,
    status: n < 2 ? "requested" : "approved",
    reason: null,
    ssirRegistered: n === 3,
    companyId: uuid(100 + (n % 5)),
    companyName: company(n % 5).name,
    requestedBy: "Ada Tan <ada@example.com>",
    createdAt: "2026-11-25T10:00:00Z",
    decidedAt: n < 2 ? null : "2026-11-26T10:00:00Z",
    ...patch,
  };
}

export function topup(n: number, patch: Partial<Topup> = {}): Topup {
  return {
    id: uuid(500 + n),
    companyId: uuid(100 + n),
    companyName: company(n).name,
    requestedBy: `${company(n).ownerName} <owner${n}@example.com>`,
    amount: n === 1 ? null : 500,
    note: n === 0 ? "For the Black Friday campaign" : null,
    status: "open",
    grantedAmount: null,
    answer: null,
    answeredBy: null,
    createdAt: `2026-11-2${n}T09:15:00Z`,
    answeredAt: null,
    ...patch,
  };
}

export function inboundNumber(n: number, patch: Partial<InboundNumber> = {}): InboundNumber {
  return {
    id: uuid(700 + n),
    number: n === 0 ? "72345" : `+6580000${String(n).padStart(3, "0")}`,
    kind: n === 0 ? "short" : "long",
    shared: n === 0,
    owners:
      n === 0
        ? [
            { companyId: uuid(100), companyName: company(0).name, keyword: "ACME" },
            { companyId: uuid(101), companyName: company(1).name, keyword: "BLUE" },
          ]
        : [{ companyId: uuid(102), companyName: company(2).name, keyword: null }],
    createdAt: "2026-10-01T00:00:00Z",
    ...patch,
  };
}

export function auditEntry(n: number, patch: Partial<Audit> = {}): Audit {
  const base: Audit[] = [
    {
      id: uuid(900),
      at: "2026-11-27T14:05:00Z",
      actorType: "operator",
      actorName: "Olive Ops <olive@herald.example> (operator)",
      actorAddress: "203.0.113.7",
      action: "credit.granted",
      summary: "Granted corporate credit",
      targetType: "company",
      targetLabel: "Acme Pte Ltd",
      before: { balance: 1250.5 },
      after: { balance: 1750.5, reason: "Top-up request of 21 Nov" },
      companyId: uuid(100),
      companyName: "Acme Pte Ltd",
    },
    {
      id: uuid(901),
      at: "2026-11-27T10:00:00Z",
      actorType: "user",
      actorName: "Ada Tan <ada@example.com>",
      actorAddress: "198.51.100.4",
      action: "user.role_changed",
      summary: "Changed a user's role",
      targetType: "user",
      targetLabel: "Daniel Wong",
      before: { userRole: "agent", dept: ["Sales"] },
      after: { userRole: "admin", dept: ["Sales", "Support"] },
      companyId: uuid(100),
      companyName: "Acme Pte Ltd",
    },
    {
      id: uuid(902),
      at: "2026-11-26T08:00:00Z",
      actorType: "user",
      actorName: "Ada Tan <ada@example.com>",
      actorAddress: null,
      action: "auth.signed_in",
      summary: "Signed in",
      targetType: null,
      targetLabel: null,
      before: null,
      after: null,
      companyId: uuid(100),
      companyName: "Acme Pte Ltd",
    },
  ];
  return { ...base[n % base.length]!, id: uuid(900 + n), ...patch };
}

export interface Call {
  method: string;
  path: string;
  auth: string | null;
  key: string | null;
  query: Record<string, string>;
  body: unknown;
}

export interface OperatorState {
  companies: Company[];
  topups: Topup[];
  senderIds: SenderId[];
  numbers: InboundNumber[];
  audit: Audit[];
  calls: Call[];
  /** Answer these paths with this status instead (e.g. a 409 conflict). */
  fail: Record<string, { status: number; message: string }>;
}

export function operatorState(): OperatorState {
  return {
    companies: Array.from({ length: 5 }, (_, i) =>
      company(
        i,
        i === 0
          ? {
              senderIds: [senderId(0), senderId(3)],
              numbers: [{ number: "72345", kind: "short", shared: true, keyword: "ACME" }],
            }
          : {},
      ),
    ),
    topups: [topup(0), topup(1)],
    senderIds: [senderId(0), senderId(1), senderId(2), senderId(3)],
    numbers: [inboundNumber(0), inboundNumber(1)],
    audit: [auditEntry(0), auditEntry(1), auditEntry(2)],
    calls: [],
    fail: {},
  };
}

/** Keyset paging over a list: `limit` rows after the cursor (the index of the next row). */
function page<T>(rows: T[], url: URL, fallback = 50) {
  const limit = Number(url.searchParams.get("limit") ?? fallback);
  const start = Number(url.searchParams.get("cursor") ?? 0);
  const data = rows.slice(start, start + limit);
  return { data, nextCursor: start + limit < rows.length ? String(start + limit) : null };
}

export function operatorHandlers(state: OperatorState) {
  const record = async (request: Request, params: Record<string, unknown> = {}) => {
    const url = new URL(request.url);
    const body =
      request.method === "GET" || request.method === "DELETE"
        ? null
        : await request
            .clone()
            .json()
            .catch(() => null);
    state.calls.push({
      method: request.method,
      path: url.pathname.replace(/^\/api/, ""),
      auth: request.headers.get("Authorization"),
      key: request.headers.get("Idempotency-Key"),
      query: Object.fromEntries(url.searchParams),
      body,
    });
    void params;
    return { url, body: body as Record<string, unknown> | null };
  };
  const failing = (path: string) => {
    const f = state.fail[path];
    return f ? HttpResponse.json({ message: f.message }, { status: f.status }) : null;
  };
  const find = (id: unknown) => state.companies.find((c) => c.id === id);
  const detail = (c: Company) => HttpResponse.json(c);

  return [
    http.post("/api/operator/login", async ({ request }) => {
      const { body } = await record(request);
      if (body?.password !== "Correct-horse-9!")
        return HttpResponse.json({ message: "E-mail or password is incorrect" }, { status: 401 });
      return HttpResponse.json({
        challenge: "challenge-1",
        message: "We e-mailed a 6-digit code to o***@herald.example.",
      });
    }),
    http.post("/api/operator/verifyOtp", async ({ request }) => {
      const { body } = await record(request);
      if (body?.code !== "123456") return HttpResponse.json({ message: "Invalid code" }, { status: 400 });
      return HttpResponse.json({
        token: OPERATOR_TOKEN,
        operator: { id: uuid(1), email: "olive@herald.example", name: "Olive Ops" },
      });
    }),
    http.post("/api/operator/activate", async ({ request }) => {
      await record(request);
      return failing("/operator/activate") ?? HttpResponse.json({ message: "Activated" });
    }),
    http.post("/api/operator/logout", async ({ request }) => {
      await record(request);
      return HttpResponse.json({ message: "Signed out" });
    }),
    http.get("/api/operator/me", async ({ request }) => {
      await record(request);
      if (request.headers.get("Authorization") !== `Bearer ${OPERATOR_TOKEN}`)
        return HttpResponse.json({ message: "Unauthorized" }, { status: 401 });
      return HttpResponse.json({ id: uuid(1), email: "olive@herald.example", name: "Olive Ops" });
    }),
    http.get("/api/operator/overview", async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        companies: state.companies.length,
        suspended: state.companies.filter((c) => c.status === "suspended").length,
        openTopups: state.topups.filter((t) => t.status === "open").length,
        senderIdRequests: state.senderIds.filter((s) => s.status === "requested").length,
        unrouted: 4,
      });
    }),
    http.get("/api/operator/companies", async ({ request }) => {
      const { url } = await record(request);
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const status = url.searchParams.get("status");
      const rows = state.companies
        .filter((c) => !q || c.name.toLowerCase().includes(q) || c.ownerEmail.includes(q))
        .filter((c) => !status || c.status === status)
        .map(({ suspendedAt, suspendReason, prices, senderIds, numbers, ...c }) => c);
      return HttpResponse.json(page(rows, url));
    }),
    http.get("/api/operator/companies/:id", async ({ request, params }) => {
      await record(request);
      const c = find(params.id);
      return c ? detail(c) : HttpResponse.json({ message: "Not found" }, { status: 404 });
    }),
    http.post("/api/operator/companies/:id/suspend", async ({ request, params }) => {
      const { body } = await record(request);
      const c = find(params.id)!;
      Object.assign(c, {
        status: "suspended",
        suspendReason: body?.reason,
        suspendedAt: "2026-11-28T10:00:00Z",
      });
      return detail(c);
    }),
    http.post("/api/operator/companies/:id/resume", async ({ request, params }) => {
      await record(request);
      const c = find(params.id)!;
      Object.assign(c, { status: "active", suspendReason: null, suspendedAt: null });
      return detail(c);
    }),
    http.post("/api/operator/companies/:id/user-limit", async ({ request, params }) => {
      const { body } = await record(request);
      const c = find(params.id)!;
      c.userLimit = Number(body?.limit);
      return detail(c);
    }),
    http.put("/api/operator/companies/:id/prices", async ({ request, params }) => {
      const { body } = await record(request);
      const c = find(params.id)!;
      for (const p of (body?.prices ?? []) as { channel: string; priceCents: number | null }[]) {
        const row = c.prices.find((x) => x.channel === p.channel)!;
        row.priceCents = p.priceCents ?? row.defaultCents;
        row.overridden = p.priceCents !== null;
      }
      return detail(c);
    }),
    http.post("/api/operator/companies/:id/credit", async ({ request, params }) => {
      const { body } = await record(request);
      const fail = failing("/operator/companies/{id}/credit");
      if (fail) return fail;
      // Slow enough for a second click to land while the first is on its way.
      await new Promise((r) => setTimeout(r, 150));
      const c = find(params.id)!;
      c.balance = Math.round((c.balance + Number(body?.amount)) * 100) / 100;
      return detail(c);
    }),
    http.get("/api/operator/topup-requests", async ({ request }) => {
      const { url } = await record(request);
      const status = url.searchParams.get("status") ?? "open";
      return HttpResponse.json(
        page(
          state.topups.filter((t) => t.status === status),
          url,
        ),
      );
    }),
    http.post("/api/operator/topup-requests/:id/grant", async ({ request, params }) => {
      const { body } = await record(request);
      const t = state.topups.find((x) => x.id === params.id)!;
      Object.assign(t, { status: "granted", grantedAmount: body?.amount, answer: body?.message ?? null });
      return HttpResponse.json(t);
    }),
    http.post("/api/operator/topup-requests/:id/decline", async ({ request, params }) => {
      const { body } = await record(request);
      const t = state.topups.find((x) => x.id === params.id)!;
      Object.assign(t, { status: "declined", answer: body?.message });
      return HttpResponse.json(t);
    }),
    http.get("/api/operator/sender-ids", async ({ request }) => {
      const { url } = await record(request);
      const status = url.searchParams.get("status");
      const rows = state.senderIds.filter((s) => !status || s.status === status);
      return HttpResponse.json(page(rows, url));
    }),
    http.post("/api/operator/sender-ids/:id/approve", async ({ request, params }) => {
      const { body } = await record(request);
      const s = state.senderIds.find((x) => x.id === params.id)!;
      Object.assign(s, { status: "approved", ssirRegistered: Boolean(body?.ssirRegistered) });
      return HttpResponse.json(s);
    }),
    http.post("/api/operator/sender-ids/:id/reject", async ({ request, params }) => {
      const { body } = await record(request);
      const s = state.senderIds.find((x) => x.id === params.id)!;
      Object.assign(s, { status: s.status === "approved" ? "revoked" : "rejected", reason: body?.reason });
      return HttpResponse.json(s);
    }),
    http.post("/api/operator/sender-ids/:id/ssir", async ({ request, params }) => {
      const { body } = await record(request);
      const s = state.senderIds.find((x) => x.id === params.id)!;
      s.ssirRegistered = Boolean(body?.ssirRegistered);
      return HttpResponse.json(s);
    }),
    http.get("/api/operator/numbers", async ({ request }) => {
      const { url } = await record(request);
      return HttpResponse.json(page(state.numbers, url));
    }),
    http.post("/api/operator/numbers", async ({ request }) => {
      const { body } = await record(request);
      const fail = failing("/operator/numbers");
      if (fail) return fail;
      const b = body as Schema<"InboundNumberRequest">;
      const n: InboundNumber = {
        id: uuid(799),
        number: b.number,
        kind: b.kind,
        shared: b.shared,
        owners: b.owners.map((o) => ({
          companyId: o.companyId,
          companyName: find(o.companyId)?.name ?? "?",
          keyword: o.keyword ?? null,
        })),
        createdAt: "2026-11-28T00:00:00Z",
      };
      state.numbers.push(n);
      return HttpResponse.json(n);
    }),
    http.put("/api/operator/numbers/:id", async ({ request, params }) => {
      await record(request);
      return HttpResponse.json(state.numbers.find((n) => n.id === params.id));
    }),
    http.delete("/api/operator/numbers/:id", async ({ request, params }) => {
      await record(request);
      state.numbers = state.numbers.filter((n) => n.id !== params.id);
      return HttpResponse.json({ message: "Removed" });
    }),
    http.get("/api/operator/unrouted", async ({ request }) => {
      const { url } = await record(request);
      return HttpResponse.json(
        page(
          [
            {
              id: uuid(800),
              from: "+6591110000",
              to: "72345",
              text: "PROMO I want the deal",
              reason: "The first word is no company's keyword on this shared number",
              receivedAt: "2026-11-27T12:00:00Z",
            },
          ],
          url,
        ),
      );
    }),
    http.get("/api/operator/audit-log", async ({ request }) => {
      const { url } = await record(request);
      return HttpResponse.json(page(state.audit, url));
    }),
    http.get("/api/operator/audit-log/export", async ({ request }) => {
      await record(request);
      return new HttpResponse("when,who\n", {
        headers: {
          "content-type": "text/csv",
          "content-disposition": 'attachment; filename="audit-log.csv"',
        },
      });
    }),
  ];
}
