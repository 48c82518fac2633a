/**
 * Per-company prices: the operator sets a channel's price for one company (null returns it to the default), and
 * every priced path uses it — a company with its own SMS price is previewed and charged that price while another
 * pays the default; e-mail likewise; social prices apply on provider channels, never on sandbox ones.
 */
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auth,
  createCompany,
  createOperator,
  eventually,
  type TestCompany,
  type TestOperator,
  testApp,
} from "../../test/harness";
import { allocate } from "../credit/ledger";
import { companyPrices, priceOf, socialPriceOf } from "../credit/prices";
import { OPERATOR_MESSAGES as M } from "./operator.messages";

let app: FastifyInstance;
let op: TestOperator;
beforeAll(async () => {
  app = await testApp();
  op = await createOperator(app);
});

const q = <T>(text: string, params: unknown[] = []) => app.deps.database.query<T>(text, params);
const setPrices = (companyId: string, prices: { channel: string; priceCents: number | null }[]) =>
  app.inject({
    method: "PUT",
    url: `/api/operator/companies/${companyId}/prices`,
    headers: auth(op),
    payload: { prices },
  });

async function funded(): Promise<TestCompany> {
  const co = await createCompany(app);
  await allocate(app.deps.database.db, { companyId: co.id, userId: co.owner.id, amountCents: 10_000 });
  return co;
}

const number = () => `659${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
const LONG = "y".repeat(161); // two SMS parts

describe("PUT /operator/companies/{id}/prices", () => {
  it("overrides listed channels, leaves the others, returns a channel to its default with null; audited", async () => {
    const co = await createCompany(app);
    const set = await setPrices(co.id, [
      { channel: "sms", priceCents: 9 },
      { channel: "whatsapp", priceCents: 4 },
    ]);
    expect(set.statusCode, set.body).toBe(200);
    const price = (
      body: { prices: { channel: string; priceCents: number; overridden?: boolean }[] },
      c: string,
    ) => body.prices.find((p) => p.channel === c)!;
    expect(price(set.json(), "sms")).toMatchObject({ priceCents: 9, overridden: true });
    expect(price(set.json(), "whatsapp")).toMatchObject({ priceCents: 4, overridden: true });
    expect(price(set.json(), "email")).toMatchObject({
      priceCents: app.deps.config.sending.emailPriceCents,
      overridden: false,
    });
    const back = await setPrices(co.id, [{ channel: "whatsapp", priceCents: null }]);
    expect(price(back.json(), "whatsapp")).toMatchObject({ overridden: false });
    expect(price(back.json(), "sms")).toMatchObject({ priceCents: 9 });

    const audit = await q<{ before: unknown; after: unknown }>(
      "select before, after from audit_log where company_id = $1 and action = 'company.prices_changed' order by created_at",
      [co.id],
    );
    expect(audit).toEqual([
      { before: { pricesCents: {} }, after: { pricesCents: { sms: 9, whatsapp: 4 } } },
      { before: { pricesCents: { sms: 9, whatsapp: 4 } }, after: { pricesCents: { sms: 9 } } },
    ]);

    const twice = await setPrices(co.id, [
      { channel: "sms", priceCents: 1 },
      { channel: "sms", priceCents: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(M.duplicateChannel);
    const negative = await setPrices(co.id, [{ channel: "sms", priceCents: -1 }]);
    expect(negative.statusCode).toBe(400);
  });
});

describe("prices where messages are priced", () => {
  it("previews and charges a company its own SMS price while another company pays the default", async () => {
    const own = await funded();
    const other = await funded();
    expect((await setPrices(own.id, [{ channel: "sms", priceCents: 9 }])).statusCode).toBe(200);
    const preview = (co: TestCompany, text: string) =>
      app.inject({
        method: "POST",
        url: "/api/sms/preview",
        headers: auth(co.owner),
        payload: { channel: "SMS", recipients: { numbers: [number()] }, text },
      });
    const mine = await preview(own, "Hello");
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().totals).toMatchObject({ segments: 1, costCents: 9, cost: "0.09" });
    expect((await preview(own, LONG)).json().totals).toMatchObject({ segments: 2, costCents: 18 });
    const theirs = await preview(other, "Hello");
    expect(theirs.json().totals.costCents).toBe(app.deps.config.sending.smsPriceCents);

    // sent: charged what the preview said, per segment the gateway accepted
    const sent = await app.inject({
      method: "POST",
      url: "/api/sms/send",
      headers: auth(own.owner),
      payload: { channel: "SMS", recipients: { numbers: [number()] }, text: LONG },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const captured = async (companyId: string) =>
      Number(
        (
          await q<{ s: string }>(
            "select coalesce(sum(-amount_cents), 0) as s from ledger_entries where company_id = $1 and account = 'reserved' and kind = 'capture'",
            [companyId],
          )
        )[0]!.s,
      );
    await eventually(async () => (await captured(own.id)) === 18);
    const [row] = await q<{ cost_cents: string; segments: number }>(
      "select cost_cents, segments from sms_messages where send_id = $1",
      [sent.json().id],
    );
    expect({ cost: Number(row!.cost_cents), segments: row!.segments }).toEqual({ cost: 18, segments: 2 });

    const otherSent = await app.inject({
      method: "POST",
      url: "/api/sms/send",
      headers: auth(other.owner),
      payload: { channel: "SMS", recipients: { numbers: [number()] }, text: "Hello" },
    });
    expect(otherSent.statusCode).toBe(200);
    await eventually(async () => (await captured(other.id)) === app.deps.config.sending.smsPriceCents);
  });

  it("previews e-mail at the company's e-mail price", async () => {
    const co = await funded();
    expect((await setPrices(co.id, [{ channel: "email", priceCents: 3 }])).statusCode).toBe(200);
    const res = await app.inject({
      method: "POST",
      url: "/api/sms/preview",
      headers: auth(co.owner),
      payload: {
        channel: "Email",
        subject: "News",
        recipients: { numbers: ["someone@example.com", "other@example.com"] },
        text: "Hello",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totals.costCents).toBe(6);
  });

  it("prices social messages per type on provider channels only, from the company's table", async () => {
    const co = await createCompany(app);
    await setPrices(co.id, [
      { channel: "messenger", priceCents: 6 },
      { channel: "generic", priceCents: 2 },
    ]);
    const { db } = app.deps.database;
    const table = await companyPrices(db, app.deps.config, co.id);
    expect(table.social("provider", "FACEBOOK MESSENGER")).toBe(6);
    expect(table.social("sandbox", "FACEBOOK MESSENGER")).toBe(0);
    expect(table.social("provider", "SLACK")).toBe(2);
    expect(table.social("provider", "LARK")).toBe(2);
    expect(table.social("provider", "WHATSAPP")).toBe(0); // the service's default: free unless configured
    expect(await socialPriceOf(db, co.id, "provider", "FACEBOOK MESSENGER")).toBe(6);
    expect(await socialPriceOf(db, co.id, "sandbox", "FACEBOOK MESSENGER")).toBe(0);
    expect(await priceOf(db, app.deps.config, co.id, "sms")).toBe(app.deps.config.sending.smsPriceCents);
  });
});
