import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { contactGroups, contacts, groupMembers, users } from "../../db/schema";
import { approveSenderIds, auth, createCompany, createUser, testApp } from "../../test/harness";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const get = (url: string, who: { token: string }) =>
  app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });

describe("compose options", () => {
  it("page one: SMS and Email, the caller's sender IDs, the company's time zone, no campaigns yet", async () => {
    const { id, owner } = await createCompany(app);
    // the company owns Promo; HERALD is the platform's default (allowed for everyone, offered as configured);
    // an ID the company does not own, listed before the registry existed, is not offered
    const promo = `Promo${Date.now() % 100000}`;
    await approveSenderIds(app, id, [promo]);
    await app.deps.database.db
      .update(users)
      .set({ senderIds: ["HERALD", promo, "NotOurs"] })
      .where(eq(users.id, owner.id));
    const res = await get("/compose-msg-page-one", owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      campaigns: [],
      channels: ["SMS", "Email"],
      senderIds: [app.deps.config.sms.senderId, promo],
      chatChannels: [],
      timeZone: "Asia/Singapore",
    });
  });

  it("page two: the company's contacts, groups with member counts, country and contact attribute variables, never another company's", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const { db } = app.deps.database;
    const [c] = await db
      .insert(contacts)
      .values({
        companyId: a.id,
        mobile: "6591110001",
        name: "Ann",
        attributes: { Plan: "Gold", city: "Penang" },
      })
      .returning();
    // the same column spelled otherwise by another import is offered once; base variables are not repeated
    await db
      .insert(contacts)
      .values({ companyId: a.id, mobile: "6591110002", name: "Bo", attributes: { plan: "", Email: "x" } });
    await db
      .insert(contacts)
      .values({ companyId: b.id, mobile: "6591110003", name: "Cy", attributes: { secret: "b's" } });
    const [g] = await db.insert(contactGroups).values({ companyId: a.id, name: "VIP" }).returning();
    await db.insert(groupMembers).values({ groupId: g!.id, contactId: c!.id });
    const res = await get("/compose-msg-page-two", a.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      contacts: [expect.objectContaining({ name: "Bo" }), { id: c!.id, name: "Ann", mobile: "6591110001" }],
      groups: [{ id: g!.id, name: "VIP", total_recipients: 1 }],
      fileContentOptions: ["Contacts", "Contacts & Variables", "Contacts & Message"],
      templates: [],
      country: "SG",
      variables: ["city", "Plan"],
    });
    const other = await get("/compose-msg-page-two", b.owner);
    expect(other.json()).toMatchObject({ groups: [], variables: ["secret"] });
    const agent = await createUser(app, b.id);
    expect((await get("/compose-msg-page-one", agent)).json()).toMatchObject({ senderIds: [] });
  });
});
