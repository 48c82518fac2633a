import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { auth, createCompany, createUser, eventually, testApp } from "../../test/harness";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
const topup = (token: string, topUpType: number) =>
  app.inject({ method: "POST", url: "/api/topupReq", headers: auth({ token }), payload: { topUpType } });

describe("top-up requests", () => {
  it("notifies every admin of the company (and nobody else) when a user asks", async () => {
    const company = await createCompany(app);
    const admin2 = await createUser(app, company.id, { role: "admin" });
    const agent = await createUser(app, company.id, { role: "agent" });
    const stranger = await createCompany(app);
    const res = await topup(agent.token, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Topup Request has been sent !" });
    for (const admin of [company.owner, admin2]) {
      const list = (
        await app.inject({ method: "POST", url: "/api/getNotification", headers: auth(admin) })
      ).json();
      expect(list.count).toBe(1);
      expect(list.data[0]).toMatchObject({
        type: "request",
        fromId: agent.id,
        message: "Test User requests a credit top up.",
      });
    }
    const other = (
      await app.inject({ method: "POST", url: "/api/getNotification", headers: auth(stranger.owner) })
    ).json();
    expect(other.count).toBe(0);
  });

  it("e-mails the vendor's support for a corporate top up, admins only", async () => {
    const company = await createCompany(app);
    const agent = await createUser(app, company.id, { role: "agent" });
    expect((await topup(agent.token, 1)).statusCode).toBe(403);
    const since = new Date();
    expect((await topup(company.owner.token, 1)).statusCode).toBe(200);
    // The support address is shared by every test's companies: this company's request is the mail naming it.
    const mail = await eventually(async () => {
      const rows = await app.deps.database.query<{ text: string }>(
        `select text from sandbox_messages where "to" = $1 and created_at > $2 and position($3 in text) > 0`,
        [app.deps.config.supportEmail, since, company.id],
      );
      return rows[0];
    });
    expect(mail.text).toContain(company.id);
    expect((await topup(company.owner.token, 2)).statusCode).toBe(400);
  });
});
