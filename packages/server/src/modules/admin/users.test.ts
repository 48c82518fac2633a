import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { companies, departments, emailTokens, userDepartments, users } from "../../db/schema";
import { hashToken } from "../../lib/tokens";
import {
  apiPost,
  approveSenderIds,
  auth,
  countQueries,
  createCompany,
  createUser,
  lastMessageTo,
  type TestUser,
  testApp,
  uniqueEmail,
} from "../../test/harness";
import { INSUFFICIENT_CORPORATE_CREDIT } from "../credit/credit.messages";
import {
  OWN_2FA_OFF,
  OWNER_2FA_PROTECTED,
  OWNER_PROTECTED,
  SELF_PROTECTED,
  UNKNOWN_DEPARTMENT,
} from "./users.messages";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const post = (url: string, payload: unknown, u?: { token: string }) =>
  apiPost(app, url, payload, u ? { token: u.token } : {});
const get = (url: string, u: { token: string }) =>
  app.inject({ method: "GET", url: `/api${url}`, headers: auth(u) });

const PASSWORD = "Welcome_Aboard7!";

async function addDept(companyId: string, name: string) {
  const [d] = await app.deps.database.db.insert(departments).values({ companyId, name }).returning();
  return d!.id;
}

async function joinDept(userId: string, departmentId: string) {
  await app.deps.database.db.insert(userDepartments).values({ userId, departmentId });
}

const userRow = async (id: string) =>
  (await app.deps.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const companyRow = async (id: string) =>
  (await app.deps.database.db.select().from(companies).where(eq(companies.id, id)))[0]!;

const newUser = (dept: string[], over: Record<string, unknown> = {}) => ({
  firstName: "Aisha",
  lastName: "Rahman",
  email: uniqueEmail("added"),
  dept,
  contactNumber: "60123456789",
  password: PASSWORD,
  confirmPass: PASSWORD,
  userRole: "agent",
  login2fa: "N",
  amount: 0,
  ...over,
});

/** A company with a department, its owner admin, a second admin, a supervisor and an agent. */
async function tenant(opts: { creditCents?: number } = {}) {
  const company = await createCompany(app, opts);
  const dept = await addDept(company.id, "Sales");
  const admin = await createUser(app, company.id, { role: "admin" });
  const supervisor = await createUser(app, company.id, { role: "supervisor" });
  const agent = await createUser(app, company.id, { role: "agent" });
  return { ...company, dept, admin, supervisor, agent };
}

describe("who may call the users administration", () => {
  it("refuses supervisors and agents with 403 on every admin call", async () => {
    const t = await tenant();
    const calls: [string, string, unknown][] = [
      ["GET", "/userList", undefined],
      ["GET", "/getUserLimit", undefined],
      ["POST", "/getUser", { id: t.admin.id }],
      ["POST", "/addUser", newUser([t.dept])],
      [
        "POST",
        "/editUserProfile",
        {
          id: t.admin.id,
          firstName: "X",
          email: t.admin.email,
          dept: [t.dept],
          contactNumber: "6591234567",
          login2fa: "N",
          userRole: "agent",
        },
      ],
      ["POST", "/editLogin2Fa", { userIds: [t.admin.id], login2fa: "Y" }],
      ["POST", "/deleteUser", { id: t.admin.id }],
      ["POST", "/editSenderId", { id: t.admin.id, senderIds: ["HERALD"] }],
      ["POST", "/editSmsSetting", { id: t.admin.id, autoReply: 0, autoForward: 1 }],
    ];
    for (const who of [t.supervisor, t.agent]) {
      for (const [method, url, payload] of calls) {
        const res = method === "GET" ? await get(url, who) : await post(url, payload, who);
        expect(res.statusCode, `${url}`).toBe(403);
        expect(res.json()).toEqual({ message: "Invalid Access" });
      }
    }
    // nothing changed
    expect(await userRow(t.admin.id)).toMatchObject({
      userRole: "admin",
      status: "active",
      login2fa: "N",
      senderIds: [],
      autoForward: false,
    });
  });

  it("answers another company's admin 404 with the same body as for an unknown id, and changes nothing", async () => {
    const mine = await tenant();
    const other = await tenant();
    const unknown = "0190f000-0000-7000-8000-000000000000";
    const bodies = (id: string) =>
      [
        ["/getUser", { id }],
        [
          "/editUserProfile",
          {
            id,
            firstName: "Hacked",
            email: uniqueEmail("x"),
            dept: [other.dept],
            contactNumber: "6591234567",
            login2fa: "Y",
            userRole: "admin",
          },
        ],
        ["/editLogin2Fa", { userIds: [id], login2fa: "Y" }],
        ["/deleteUser", { id }],
        ["/editSenderId", { id, senderIds: ["EVIL"], isAllowSID: 1 }],
        ["/editSmsSetting", { id, autoReply: 1, autoReplyMessage: "x", autoForward: 1 }],
      ] as const;
    for (const [url, body] of bodies(mine.agent.id)) {
      const res = await post(url, body, other.owner);
      const blind = await post(
        url,
        { ...body, ...("id" in body ? { id: unknown } : { userIds: [unknown] }) },
        other.owner,
      );
      expect(res.statusCode, url).toBe(404);
      expect(blind.statusCode, url).toBe(404);
      expect(res.json()).toEqual(blind.json());
    }
    const row = await userRow(mine.agent.id);
    expect(row).toMatchObject({
      firstName: "Test",
      status: "active",
      login2fa: "N",
      senderIds: [],
      autoReply: false,
    });
    // the other company's list and limit count only its own users
    const list = await get("/userList", other.owner);
    expect(list.json().data.map((u: { id: string }) => u.id)).not.toContain(mine.agent.id);
    expect(list.json().total).toBe(4);
  });
});

describe("userList", () => {
  it("answers full User rows with departments, deleted users included, newest first", async () => {
    const t = await tenant();
    const support = await addDept(t.id, "Support");
    await joinDept(t.agent.id, t.dept);
    await joinDept(t.agent.id, support);
    await app.deps.database.db
      .update(users)
      .set({ status: "deleted", deletedAt: new Date(), creditCents: 1234 })
      .where(eq(users.id, t.supervisor.id));
    const res = await get("/userList", t.owner);
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json();
    expect(total).toBe(4);
    expect(data.map((u: { id: string }) => u.id)).toEqual([
      t.agent.id,
      t.supervisor.id,
      t.admin.id,
      t.owner.id,
    ]);
    const agent = data[0];
    expect(agent).toMatchObject({
      id: t.agent.id,
      firstName: "Test",
      lastName: "User",
      email: t.agent.email,
      userRole: "agent",
      isOwner: 0,
      isAdmin: 0,
      status: "active",
      userStatus: "offline",
      login2fa: "N",
      totalCredit: 0,
      companyId: t.id,
      deletedAt: null,
      senderIds: [],
      isAllowSID: 0,
      autoReply: 0,
      autoReplyMessage: null,
      autoForward: 0,
    });
    expect(agent.dept).toEqual([
      { id: t.dept, name: "Sales" },
      { id: support, name: "Support" },
    ]);
    expect(data[1]).toMatchObject({ status: "deleted", totalCredit: 12.34, dept: [] });
    expect(data[1].deletedAt).toEqual(expect.any(String));
    expect(data[3]).toMatchObject({ isOwner: 1, isAdmin: 1 });
  });

  it("searches first, last and full name and e-mail; pages with the matching total; sorts", async () => {
    const t = await tenant();
    const db = app.deps.database.db;
    await db.update(users).set({ firstName: "Nur", lastName: "Aziz" }).where(eq(users.id, t.agent.id));
    await db.update(users).set({ firstName: "Ravi", lastName: "Kumar" }).where(eq(users.id, t.supervisor.id));
    const search = async (s: string) =>
      (await get(`/userList?search=${encodeURIComponent(s)}`, t.owner))
        .json()
        .data.map((u: { id: string }) => u.id);
    expect(await search("nur")).toEqual([t.agent.id]);
    expect(await search("KUMAR")).toEqual([t.supervisor.id]);
    expect(await search("nur aziz")).toEqual([t.agent.id]);
    expect(await search(t.admin.email.toUpperCase())).toEqual([t.admin.id]);
    expect(await search("%")).toEqual([]);

    const page2 = (await get("/userList?page=2&pageSize=3", t.owner)).json();
    expect(page2.total).toBe(4);
    expect(page2.data).toHaveLength(1);
    const beyond = (await get("/userList?page=9&pageSize=3", t.owner)).json();
    expect(beyond).toEqual({ data: [], total: 4 });

    const byName = (await get("/userList?sort=name&order=asc", t.owner))
      .json()
      .data.map((u: { firstName: string }) => u.firstName);
    expect(byName).toEqual(["Nur", "Ravi", "Test", "Test"]);
    const byRole = (await get("/userList?sort=userRole&order=desc", t.owner))
      .json()
      .data.map((u: { userRole: string }) => u.userRole);
    expect(byRole).toEqual(["supervisor", "agent", "admin", "admin"]);
  });

  it("ownDept keeps users sharing a department with the caller", async () => {
    const t = await tenant();
    const other = await addDept(t.id, "Other");
    await joinDept(t.owner.id, t.dept);
    await joinDept(t.agent.id, t.dept);
    await joinDept(t.supervisor.id, other);
    const ids = (await get("/userList?ownDept=true", t.owner)).json().data.map((u: { id: string }) => u.id);
    expect(ids.sort()).toEqual([t.owner.id, t.agent.id].sort());
    const all = (await get("/userList?ownDept=false", t.owner)).json();
    expect(all.total).toBe(4);
    // by first department name: none, Other, then Sales
    const byDept = (await get("/userList?sort=dept&order=asc", t.owner))
      .json()
      .data.map((u: { id: string }) => u.id);
    expect(byDept.slice(0, 2)).toEqual([t.admin.id, t.supervisor.id]);
    const byDeptDesc = (await get("/userList?sort=dept&order=desc", t.owner))
      .json()
      .data.map((u: { id: string }) => u.id);
    expect(byDeptDesc.slice(2)).toEqual([t.supervisor.id, t.admin.id]);
  });

  it("costs one query per page whatever the number of rows and departments", async () => {
    const t = await tenant();
    const depts = await Promise.all([1, 2, 3].map((i) => addDept(t.id, `D${i}`)));
    for (let i = 0; i < 30; i++) {
      const u = await app.deps.database.db
        .insert(users)
        .values({
          companyId: t.id,
          firstName: `Bulk${i}`,
          email: uniqueEmail("bulk"),
          passwordHash: "x",
          userRole: "agent",
        })
        .returning({ id: users.id });
      for (const d of depts) await joinDept(u[0]!.id, d);
    }
    await get("/userList", t.owner); // the actor is cached from here on
    const small = await countQueries(() => get("/userList?pageSize=2", t.owner));
    const big = await countQueries(() => get("/userList?pageSize=100&search=bulk&sort=dept", t.owner));
    expect(small.result.statusCode).toBe(200);
    expect(big.result.json().data).toHaveLength(30);
    expect(big.result.json().data[0].dept).toHaveLength(3);
    expect(small.count, small.queries.join("\n")).toBe(1);
    expect(big.count, big.queries.join("\n")).toBe(1);
  });
});

describe("getUserLimit and getUser", () => {
  it("counts users that are not deleted against the company's limit", async () => {
    const t = await tenant();
    await app.deps.database.db.update(companies).set({ totalUsersAllowed: 7 }).where(eq(companies.id, t.id));
    expect((await get("/getUserLimit", t.admin)).json()).toEqual({ totalUser: 4, totalAllowed: 7 });
    await app.deps.database.db.update(users).set({ status: "deleted" }).where(eq(users.id, t.agent.id));
    expect((await get("/getUserLimit", t.admin)).json()).toEqual({ totalUser: 3, totalAllowed: 7 });
  });

  it("answers a user of the company with company, credit and SMS settings, deleted users included", async () => {
    const t = await tenant({ creditCents: 55_000 });
    await joinDept(t.agent.id, t.dept);
    await app.deps.database.db
      .update(users)
      .set({
        senderIds: ["HERALD"],
        isAllowSid: true,
        autoReply: true,
        autoReplyMessage: "Away",
        status: "deleted",
        deletedAt: new Date(),
      })
      .where(eq(users.id, t.agent.id));
    const res = await post("/getUser", { id: t.agent.id }, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: t.agent.id,
      companyId: t.id,
      companyCredit: 550,
      company: expect.stringMatching(/^Test Co/),
      dept: [{ id: t.dept, name: "Sales" }],
      status: "deleted",
      deletedAt: expect.any(String),
      senderIds: ["HERALD"],
      isAllowSID: 1,
      autoReply: 1,
      autoReplyMessage: "Away",
      autoForward: 0,
    });
    expect(res.json()).not.toHaveProperty("password");
  });
});

describe("addUser", () => {
  it("creates an active user who signs in at once, moves the initial credit and mails a welcome without the password", async () => {
    const t = await tenant({ creditCents: 10_000 });
    const body = newUser([t.dept], { amount: 12.5, lastName: "" });
    const since = new Date();
    const res = await post("/addUser", body, t.admin);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      firstName: "Aisha",
      lastName: "",
      email: body.email,
      userRole: "agent",
      status: "active",
      isOwner: 0,
      totalCredit: 12.5,
      dept: [{ id: t.dept, name: "Sales" }],
      companyId: t.id,
      deletedAt: null,
    });
    expect((await companyRow(t.id)).creditCents).toBe(10_000 - 1250);
    expect((await userRow(created.id)).emailVerifiedAt).not.toBeNull();

    const login = await post("/login", { email: body.email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().code).toBe(1);

    const mail = await lastMessageTo(app, body.email, since);
    const company = await companyRow(t.id);
    expect(mail.text).toContain(company.name);
    expect(mail.text).toContain(body.email);
    expect(mail.links[0]).toMatch(/\/login$/);
    expect(mail.text).not.toContain(PASSWORD);
    expect((await get("/getUserLimit", t.admin)).json().totalUser).toBe(5);
  });

  it.each([
    [{ firstName: "" }, "This is required"],
    [{ firstName: "   " }, "This is required"],
    [{ email: "not-an-email" }, "Invalid email format"],
    [{ confirmPass: "Welcome_Aboard8!" }, "Passwords do not match"],
    [{ password: "short", confirmPass: "short" }, "Password must be at least 12 characters long"],
    [
      { password: "Password123!", confirmPass: "Password123!" },
      "This password is too common. Please choose another.",
    ],
    [{ contactNumber: "60123456" }, "Contact Number cannot be less than 7 digits"],
    [{ contactNumber: `60${"1".repeat(16)}` }, "Contact Number cannot exceed 15 digits."],
    [{ contactNumber: "" }, "Contact Number is required"],
    [{ dept: [] }, "This is required"],
    [{ userRole: "owner" }, "Please select a role: admin, supervisor or agent"],
    [{ amount: 1.005 }, "amount must be an amount in SGD with at most two decimals"],
    [{ amount: -1 }, "Please enter an amount in SGD of 0 or more"],
  ])("refuses %o with 400 %s and writes nothing", async (over, message) => {
    const t = await tenant();
    const body = newUser([t.dept], over);
    const res = await post("/addUser", body, t.admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await get("/getUserLimit", t.admin)).json().totalUser).toBe(4);
  });

  it("refuses a department of another company", async () => {
    const t = await tenant();
    const other = await tenant();
    const res = await post("/addUser", newUser([t.dept, other.dept]), t.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UNKNOWN_DEPARTMENT });
  });

  it("refuses an address already in use, in any company and any case", async () => {
    const t = await tenant();
    const other = await tenant();
    const res = await post(
      "/addUser",
      newUser([t.dept], { email: other.agent.email.toUpperCase() }),
      t.admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "That email is taken, please try another" });
  });

  it("refuses at the limit with 422 and the specification's message", async () => {
    const t = await tenant();
    await app.deps.database.db.update(companies).set({ totalUsersAllowed: 5 }).where(eq(companies.id, t.id));
    expect((await post("/addUser", newUser([t.dept]), t.admin)).statusCode).toBe(201);
    const refused = newUser([t.dept]);
    const res = await post("/addUser", refused, t.admin);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: "Your account has surpassed the total allowed user count limit." });
    const rows = await app.deps.database.query("select id from users where lower(email) = lower($1)", [
      refused.email,
    ]);
    expect(rows).toEqual([]);
    // a deleted user frees a place
    expect((await post("/deleteUser", { id: t.agent.id }, t.admin)).statusCode).toBe(200);
    expect((await post("/addUser", newUser([t.dept]), t.admin)).statusCode).toBe(201);
  });

  it("refuses an initial credit above the corporate balance and writes nothing", async () => {
    const t = await tenant({ creditCents: 1000 });
    const body = newUser([t.dept], { amount: 10.01 });
    const res = await post("/addUser", body, t.admin);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: INSUFFICIENT_CORPORATE_CREDIT });
    expect((await companyRow(t.id)).creditCents).toBe(1000);
    const [row] = await app.deps.database.query("select id from users where lower(email) = lower($1)", [
      body.email,
    ]);
    expect(row).toBeUndefined();
    const exact = await post("/addUser", newUser([t.dept], { amount: 10 }), t.admin);
    expect(exact.statusCode).toBe(201);
    expect((await companyRow(t.id)).creditCents).toBe(0);
  });
});

describe("editUserProfile", () => {
  const edit = (u: TestUser, dept: string[], over: Record<string, unknown> = {}) => ({
    id: u.id,
    firstName: "Siti",
    lastName: "Nurhaliza",
    email: u.email,
    dept,
    contactNumber: "60123456789",
    login2fa: "Y",
    userRole: "supervisor",
    ...over,
  });

  it("saves names, contact number, 2FA, role and departments", async () => {
    const t = await tenant();
    const support = await addDept(t.id, "Support");
    await joinDept(t.agent.id, t.dept);
    const res = await post("/editUserProfile", edit(t.agent, [support]), t.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Data Update Successful !" });
    const u = (await post("/getUser", { id: t.agent.id }, t.admin)).json();
    expect(u).toMatchObject({
      firstName: "Siti",
      lastName: "Nurhaliza",
      contactNumber: "60123456789",
      login2fa: "Y",
      userRole: "supervisor",
      dept: [{ id: support, name: "Support" }],
    });
  });

  it("refuses the owner and the caller (403), a deleted user (409), and bad input (400)", async () => {
    const t = await tenant();
    const owner = await post("/editUserProfile", edit(t.owner, [t.dept]), t.admin);
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toEqual({ message: OWNER_PROTECTED });
    const self = await post("/editUserProfile", edit(t.admin, [t.dept]), t.admin);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: SELF_PROTECTED });
    await post("/deleteUser", { id: t.supervisor.id }, t.admin);
    expect((await post("/editUserProfile", edit(t.supervisor, [t.dept]), t.admin)).statusCode).toBe(409);
    for (const [over, message] of [
      [{ firstName: "" }, "This is required"],
      [{ dept: [] }, "This is required"],
      [{ contactNumber: "999123456789" }, "Invalid Contact Number"],
      [{ email: t.owner.email }, "That email is taken, please try another"],
    ] as const) {
      const res = await post("/editUserProfile", edit(t.agent, [t.dept], over), t.admin);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await userRow(t.agent.id)).toMatchObject({ firstName: "Test", userRole: "agent" });
  });

  it("a new address ends the user's unused reset links and tells the old address", async () => {
    const t = await tenant();
    const token = "reset-token-for-admin-change";
    await app.deps.database.db.insert(emailTokens).values({
      userId: t.agent.id,
      kind: "reset",
      tokenHash: hashToken(token),
      email: t.agent.email,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const since = new Date();
    const email = uniqueEmail("moved");
    const res = await post(
      "/editUserProfile",
      edit(t.agent, [t.dept], { email, userRole: "agent" }),
      t.admin,
    );
    expect(res.statusCode).toBe(200);
    expect((await userRow(t.agent.id)).email).toBe(email);
    const check = await post("/verifyReset", { id: t.agent.id, token });
    expect(check.statusCode).toBe(400);
    const notice = await lastMessageTo(app, t.agent.email, since);
    expect(notice.text).toContain(email);
  });

  it("a role change counts from the user's very next request", async () => {
    const t = await tenant();
    // both sessions' actors are cached first
    expect((await get("/getUserLimit", t.agent)).statusCode).toBe(403);
    expect((await get("/getUserLimit", t.admin)).statusCode).toBe(200);
    expect((await get("/getUserLimit", t.agent)).statusCode).toBe(403);
    expect((await get("/getUserLimit", t.admin)).statusCode).toBe(200);

    const promote = await post("/editUserProfile", edit(t.agent, [t.dept], { userRole: "admin" }), t.owner);
    expect(promote.statusCode).toBe(200);
    expect((await get("/getUserLimit", t.agent)).statusCode).toBe(200);

    const demote = await post("/editUserProfile", edit(t.admin, [t.dept], { userRole: "agent" }), t.owner);
    expect(demote.statusCode).toBe(200);
    expect((await get("/getUserLimit", t.admin)).statusCode).toBe(403);
  });
});

describe("editLogin2Fa", () => {
  it("sets 2FA of every listed user, or of none when one is not the company's", async () => {
    const t = await tenant();
    const other = await tenant();
    const ids = [t.agent.id, t.supervisor.id];
    const res = await post("/editLogin2Fa", { userIds: ids, login2fa: "Y" }, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "User Login 2FA updated !" });
    expect((await userRow(t.agent.id)).login2fa).toBe("Y");
    expect((await userRow(t.supervisor.id)).login2fa).toBe("Y");

    const mixed = await post(
      "/editLogin2Fa",
      { userIds: [t.agent.id, other.agent.id], login2fa: "N" },
      t.admin,
    );
    expect(mixed.statusCode).toBe(404);
    expect((await userRow(t.agent.id)).login2fa).toBe("Y");
    expect((await userRow(other.agent.id)).login2fa).toBe("N");
    expect((await post("/editLogin2Fa", { userIds: [], login2fa: "N" }, t.admin)).statusCode).toBe(400);
  });

  it("lets only the owner change the owner's 2FA: another admin gets 403 and nobody in the call changes", async () => {
    const t = await tenant();
    await app.deps.database.db.update(users).set({ login2fa: "Y" }).where(eq(users.id, t.owner.id));
    for (const login2fa of ["N", "Y"] as const) {
      const res = await post("/editLogin2Fa", { userIds: [t.agent.id, t.owner.id], login2fa }, t.admin);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: OWNER_2FA_PROTECTED });
    }
    expect((await userRow(t.owner.id)).login2fa).toBe("Y");
    expect((await userRow(t.agent.id)).login2fa).toBe("N");

    // the owner may, for others and to turn their own on
    const byOwner = await post(
      "/editLogin2Fa",
      { userIds: [t.admin.id, t.owner.id], login2fa: "Y" },
      t.owner,
    );
    expect(byOwner.statusCode).toBe(200);
    expect((await userRow(t.admin.id)).login2fa).toBe("Y");
  });

  it("refuses to turn off the caller's own 2FA (that needs the current password in Account Settings); turning it on is fine", async () => {
    const t = await tenant();
    await app.deps.database.db.update(users).set({ login2fa: "Y" }).where(eq(users.id, t.admin.id));
    for (const [who, ids] of [
      [t.admin, [t.admin.id]],
      [t.admin, [t.agent.id, t.admin.id]],
    ] as const) {
      const res = await post("/editLogin2Fa", { userIds: ids, login2fa: "N" }, who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: OWN_2FA_OFF });
    }
    expect((await userRow(t.admin.id)).login2fa).toBe("Y");

    await app.deps.database.db.update(users).set({ login2fa: "Y" }).where(eq(users.id, t.owner.id));
    const owner = await post("/editLogin2Fa", { userIds: [t.owner.id], login2fa: "N" }, t.owner);
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toEqual({ message: OWN_2FA_OFF });
    expect((await userRow(t.owner.id)).login2fa).toBe("Y");

    await app.deps.database.db.update(users).set({ login2fa: "N" }).where(eq(users.id, t.admin.id));
    expect((await post("/editLogin2Fa", { userIds: [t.admin.id], login2fa: "Y" }, t.admin)).statusCode).toBe(
      200,
    );
    expect((await userRow(t.admin.id)).login2fa).toBe("Y");
  });

  it("leaves no other way for an admin to turn off the owner's or their own 2FA: Edit User refuses both", async () => {
    const t = await tenant();
    await app.deps.database.db
      .update(users)
      .set({ login2fa: "Y" })
      .where(inArray(users.id, [t.owner.id, t.admin.id]));
    for (const target of [t.owner, t.admin]) {
      const res = await post(
        "/editUserProfile",
        {
          id: target.id,
          firstName: "Test",
          lastName: "User",
          email: target.email,
          dept: [t.dept],
          contactNumber: "6591234567",
          login2fa: "N",
          userRole: "admin",
        },
        t.admin,
      );
      expect(res.statusCode).toBe(403);
      expect((await userRow(target.id)).login2fa).toBe("Y");
    }
  });
});

describe("deleteUser", () => {
  it("soft-deletes, ends the user's sessions at once, keeps the row in the list", async () => {
    const t = await tenant();
    // the agent's session is cached before the deletion
    expect((await post("/getProfile", {}, t.agent)).statusCode).toBe(200);
    expect((await post("/getProfile", {}, t.agent)).statusCode).toBe(200);
    const res = await post("/deleteUser", { id: t.agent.id, currentUserId: t.admin.id }, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "User deleted Successfully !" });
    expect([401, 403]).toContain((await post("/getProfile", {}, t.agent)).statusCode);
    const row = await userRow(t.agent.id);
    expect(row.status).toBe("deleted");
    expect(row.deletedAt).not.toBeNull();
    const open = await app.deps.database.query(
      "select id from sessions where user_id = $1 and revoked_at is null",
      [t.agent.id],
    );
    expect(open).toEqual([]);
    const listed = (await get("/userList", t.admin))
      .json()
      .data.find((u: { id: string }) => u.id === t.agent.id);
    expect(listed).toMatchObject({ status: "deleted", deletedAt: expect.any(String) });
    // and cannot sign in again
    const login = await post("/login", { email: t.agent.email, password: "Correct-Horse7!battery" });
    expect(login.json().code).not.toBe(1);
  });

  it("refuses the owner and the caller with 403, an already deleted user with 409", async () => {
    const t = await tenant();
    const owner = await post("/deleteUser", { id: t.owner.id }, t.admin);
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toEqual({ message: OWNER_PROTECTED });
    const self = await post("/deleteUser", { id: t.admin.id }, t.admin);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: SELF_PROTECTED });
    expect((await post("/deleteUser", { id: t.agent.id }, t.admin)).statusCode).toBe(200);
    expect((await post("/deleteUser", { id: t.agent.id }, t.admin)).statusCode).toBe(409);
    expect((await userRow(t.owner.id)).status).toBe("active");
    expect((await userRow(t.admin.id)).status).toBe("active");
  });
});

describe("sender IDs and SMS settings", () => {
  it("an admin replaces a user's sender IDs (deduplicated without regard to case); the user reads their own", async () => {
    const t = await tenant();
    // the company's approved IDs (a number and a name) and the platform's default ("Herald")
    const number = `659${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    const shop = `My Shop ${Date.now() % 1000}`;
    await approveSenderIds(app, t.id, [number, shop]);
    const res = await post(
      "/editSenderId",
      {
        id: t.agent.id,
        senderIds: [" Herald ", "HERALD", `+${number}`, shop.toUpperCase()],
        isAllowSID: 1,
      },
      t.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Data Update Successful !" });
    expect((await post("/getSenderId", { currentUserId: t.agent.id }, t.agent)).json()).toEqual({
      data: ["Herald", number, shop],
      isAllowSID: 1,
    });
    expect((await post("/getSenderId", {}, t.admin)).json()).toEqual({ data: [], isAllowSID: 0 });
    // isAllowSID left out keeps its value; an empty list clears
    await post("/editSenderId", { id: t.agent.id, senderIds: [] }, t.admin);
    expect((await post("/getSenderId", {}, t.agent)).json()).toEqual({ data: [], isAllowSID: 1 });
  });

  it.each(["TWELVE CHARS", "Bad-Char", "1234567890123456", "", "12", "123 456"])(
    "refuses the sender ID %j",
    async (sid) => {
      const t = await tenant();
      const res = await post("/editSenderId", { id: t.agent.id, senderIds: ["OK", sid] }, t.admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/sender ID/);
      expect((await userRow(t.agent.id)).senderIds).toEqual([]);
    },
  );

  it("sets own SMS settings; another user's only as admin; the message is required when on and cleared when off", async () => {
    const t = await tenant();
    const own = await post(
      "/editSmsSetting",
      { autoReply: 1, autoReplyMessage: " Back soon ", autoForward: 1 },
      t.agent,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(await userRow(t.agent.id)).toMatchObject({
      autoReply: true,
      autoReplyMessage: "Back soon",
      autoForward: true,
    });

    for (const body of [
      { autoReply: 1, autoForward: 0 },
      { autoReply: 1, autoReplyMessage: "", autoForward: 0 },
      { autoReply: 1, autoReplyMessage: "   ", autoForward: 0 },
      { autoReply: 1, autoReplyMessage: null, autoForward: 0 },
    ]) {
      const res = await post("/editSmsSetting", body, t.agent);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message: "Auto reply message is required" });
    }

    const byAgent = await post(
      "/editSmsSetting",
      { id: t.supervisor.id, autoReply: 0, autoForward: 1 },
      t.agent,
    );
    expect(byAgent.statusCode).toBe(403);
    const byAdmin = await post(
      "/editSmsSetting",
      { id: t.agent.id, autoReply: 0, autoReplyMessage: "ignored", autoForward: 0 },
      t.admin,
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(await userRow(t.agent.id)).toMatchObject({
      autoReply: false,
      autoReplyMessage: null,
      autoForward: false,
    });
    const shown = (await post("/getUser", { id: t.agent.id }, t.admin)).json();
    expect(shown).toMatchObject({ autoReply: 0, autoReplyMessage: null, autoForward: 0 });
  });
});

describe("concurrent adds at the limit (PostgreSQL)", () => {
  it.runIf(Boolean(inject("databaseUrl")))("let exactly one of many parallel adds through", async () => {
    const t = await tenant({ creditCents: 100_000 });
    await app.deps.database.db.update(companies).set({ totalUsersAllowed: 5 }).where(eq(companies.id, t.id));
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post("/addUser", newUser([t.dept], { amount: 1 }), t.admin)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(7);
    expect((await get("/getUserLimit", t.admin)).json()).toEqual({ totalUser: 5, totalAllowed: 5 });
    expect((await companyRow(t.id)).creditCents).toBe(100_000 - 100);
  });
});
