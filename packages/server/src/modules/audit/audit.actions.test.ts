/**
 * Every instrumented area, driven through the real API from a known client address: each action leaves its entry
 * with the actor, the address, the words of the catalogue and the values before and after.
 */
import type { components } from "@herald/api-client/schema";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auth,
  clientIp,
  createCompany,
  createOperator,
  createUser,
  eventually,
  lastMessageTo,
  TEST_PASSWORD,
  type TestCompany,
  testApp,
  uniqueEmail,
} from "../../test/harness";
import { connectSandbox, tokenOf } from "../channels/channels.fixtures";

type Entry = components["schemas"]["AuditEntry"];

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

/** A request from `ip`, signed in as `who` when given. */
const call = (
  ip: string,
  method: "GET" | "POST",
  url: string,
  who?: { token: string } | null,
  payload?: unknown,
) =>
  app.inject({
    method,
    url: `/api${url}`,
    remoteAddress: ip,
    headers: who ? auth(who) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The company's entries as its admin reads them (newest first), optionally of some actions only. */
async function entries(c: TestCompany, action?: string): Promise<Entry[]> {
  const res = await app.inject({
    method: "GET",
    url: `/api/auditLog?limit=200${action ? `&action=${action}` : ""}`,
    headers: auth(c.owner),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const one = async (c: TestCompany, action: string) => {
  const found = await entries(c, action);
  expect(found.map((e) => e.action)).toEqual([action]);
  return found[0]!;
};

const ownerName = (c: TestCompany) => `Test User <${c.owner.email}>`;

async function addDept(c: TestCompany, name: string): Promise<string> {
  const id = uuidv7();
  await app.deps.database.query("insert into departments (id, company_id, name) values ($1, $2, $3)", [
    id,
    c.id,
    name,
  ]);
  return id;
}

describe("users", () => {
  it("records adding, editing (details, role, departments), two-factor, status and deleting a user", async () => {
    const ip = clientIp();
    const c = await createCompany(app, { creditCents: 100_000 });
    const sales = await addDept(c, "Sales");
    const support = await addDept(c, "Support");
    const email = uniqueEmail("aisha");
    const added = await call(ip, "POST", "/addUser", c.owner, {
      firstName: "Aisha",
      lastName: "Rahman",
      email,
      dept: [sales],
      contactNumber: "60123456789",
      password: "Welcome_Aboard7!",
      confirmPass: "Welcome_Aboard7!",
      userRole: "agent",
      login2fa: "N",
      amount: 10,
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id as string;

    const created = await one(c, "user.created");
    expect(created).toMatchObject({
      actorType: "user",
      actorName: ownerName(c),
      actorAddress: ip,
      summary: "Added user Aisha Rahman",
      targetType: "user",
      targetLabel: "Aisha Rahman",
      before: null,
      after: {
        name: "Aisha Rahman",
        email,
        role: "agent",
        departments: ["Sales"],
        twoFactor: false,
        credit: 10,
      },
    });
    expect(await one(c, "credit.allocated")).toMatchObject({
      summary: "Allocated credit to Aisha Rahman",
      before: { userCredit: 0, companyCredit: 1000 },
      after: { amount: 10, userCredit: 10, companyCredit: 990 },
    });

    const edit = await call(ip, "POST", "/editUserProfile", c.owner, {
      id,
      firstName: "Aisha",
      lastName: "Tan",
      email,
      dept: [support],
      contactNumber: "60123456789",
      login2fa: "N",
      userRole: "supervisor",
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await one(c, "user.updated")).toMatchObject({
      summary: "Changed the details of Aisha Tan",
      before: { name: "Aisha Rahman" },
      after: { name: "Aisha Tan" },
    });
    expect(await one(c, "user.role_changed")).toMatchObject({
      actorAddress: ip,
      summary: "Changed the role of Aisha Tan",
      before: { role: "agent" },
      after: { role: "supervisor" },
    });
    expect(await one(c, "user.departments_changed")).toMatchObject({
      before: { departments: ["Sales"] },
      after: { departments: ["Support"] },
    });
    expect(await entries(c, "user.2fa_changed")).toEqual([]); // unchanged: nothing recorded

    // Two-factor for two users, one of whom already has it: one entry.
    const already = await createUser(app, c.id);
    await app.deps.database.query("update users set login2fa = 'Y' where id = $1", [already.id]);
    expect(
      (await call(ip, "POST", "/editLogin2Fa", c.owner, { userIds: [id, already.id], login2fa: "Y" }))
        .statusCode,
    ).toBe(200);
    expect(await one(c, "user.2fa_changed")).toMatchObject({
      targetLabel: "Aisha Tan",
      summary: "Changed two-factor sign-in for Aisha Tan",
      before: { twoFactor: false },
      after: { twoFactor: true },
    });

    // An admin switching the user's status; switching it to what it is records nothing.
    expect((await call(ip, "POST", "/updateStatus", c.owner, { id, status: "online" })).statusCode).toBe(200);
    expect((await call(ip, "POST", "/updateStatus", c.owner, { id, status: "online" })).statusCode).toBe(200);
    expect(await one(c, "user.status_changed")).toMatchObject({
      before: { status: "offline" },
      after: { status: "online" },
    });

    expect((await call(ip, "POST", "/deleteUser", c.owner, { id })).statusCode).toBe(200);
    expect(await one(c, "user.deleted")).toMatchObject({
      summary: "Deleted user Aisha Tan",
      before: { name: "Aisha Tan", role: "supervisor", departments: ["Support"] },
      after: null,
    });

    // Never a password or its hash.
    const all = JSON.stringify(await entries(c));
    expect(all).not.toMatch(/Welcome_Aboard7|argon2|passwordHash|password_hash/);
  });
});

describe("departments", () => {
  it("records adding, changing and deleting departments with their values", async () => {
    const ip = clientIp();
    const c = await createCompany(app);
    const add = await call(ip, "POST", "/addDept", c.owner, { name: "Billing", desc: "Invoices" });
    expect(add.statusCode, add.body).toBe(201);
    const id = add.json().id as string;
    expect(await one(c, "department.created")).toMatchObject({
      actorName: ownerName(c),
      actorAddress: ip,
      summary: "Added department Billing",
      after: { name: "Billing", description: "Invoices" },
    });
    expect(
      (await call(ip, "POST", "/editDept", c.owner, { id, name: "Accounts", desc: "" })).statusCode,
    ).toBe(200);
    expect(await one(c, "department.updated")).toMatchObject({
      summary: "Changed department Accounts",
      before: { name: "Billing", description: "Invoices" },
      after: { name: "Accounts", description: "" },
    });
    // A refused edit (another company's department) leaves no entry.
    const other = await createCompany(app);
    const theirs = await addDept(other, "Theirs");
    expect((await call(ip, "POST", "/editDept", c.owner, { id: theirs, name: "Mine" })).statusCode).toBe(404);
    expect(await entries(c, "department.updated")).toHaveLength(1);

    expect((await call(ip, "POST", "/deleteDept", c.owner, [{ id }])).statusCode).toBe(200);
    expect(await one(c, "department.deleted")).toMatchObject({
      summary: "Deleted department Accounts",
      before: { name: "Accounts", description: "" },
    });
  });
});

describe("credit", () => {
  it("records allocations, deductions, thresholds and purchases confirmed by the payment webhook", async () => {
    const ip = clientIp();
    const c = await createCompany(app, { creditCents: 10_000 });
    const agent = await createUser(app, c.id);
    const add = { id: agent.id, amount: 25.5, action: "add" };
    expect((await call(ip, "POST", "/editUserCredit", c.owner, add)).statusCode).toBe(200);
    expect(
      (await call(ip, "POST", "/editUserCredit", c.owner, { ...add, amount: 0.5, action: "deduct" }))
        .statusCode,
    ).toBe(200);
    expect(await one(c, "credit.allocated")).toMatchObject({
      actorAddress: ip,
      summary: "Allocated credit to Test User",
      before: { userCredit: 0, companyCredit: 100 },
      after: { amount: 25.5, userCredit: 25.5, companyCredit: 74.5 },
    });
    expect(await one(c, "credit.deducted")).toMatchObject({
      summary: "Deducted credit from Test User",
      before: { userCredit: 25.5, companyCredit: 74.5 },
      after: { amount: 0.5, userCredit: 25, companyCredit: 75 },
    });

    const thresholds = { firstThresh: 50, secondThresh: 5 };
    expect((await call(ip, "POST", "/editCompanyThreshold", c.owner, thresholds)).statusCode).toBe(200);
    expect(await one(c, "credit.thresholds_changed")).toMatchObject({
      summary: "Changed the low-credit alerts",
      before: { firstThreshold: null, secondThreshold: null },
      after: { firstThreshold: 50, secondThreshold: 5 },
    });

    // A purchase: the sandbox checkout's Pay goes through the signed payment webhook.
    const checkout = await call(ip, "POST", "/checkout", c.owner, { amount: 20, currentUserId: c.owner.id });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const url = new URL(checkout.json().url);
    const pay = await app.inject({
      method: "POST",
      url: `${url.pathname}/pay`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ token: url.searchParams.get("token")! }).toString(),
    });
    expect(pay.statusCode).toBe(303);
    expect(await one(c, "credit.purchased")).toMatchObject({
      actorType: "system",
      actorName: "System",
      actorAddress: null,
      summary: expect.stringMatching(/^Bought credit for Test Co \d+$/),
      before: { companyCredit: 75 },
      after: { amount: 20, companyCredit: 95 },
    });
  });
});

describe("keywords", () => {
  it("records adding, changing and deleting keywords", async () => {
    const ip = clientIp();
    const c = await createCompany(app);
    const word = `Join${Date.now() % 100000}`;
    const add = await call(ip, "POST", "/addKeyword", c.owner, {
      keyword: word,
      type: "sub",
      autoReplyStatus: "enable",
      auto_reply: "Welcome!",
    });
    expect(add.statusCode, add.body).toBe(201);
    const id = add.json().id as string;
    expect(await one(c, "keyword.created")).toMatchObject({
      actorAddress: ip,
      summary: `Added keyword ${word}`,
      after: { keyword: word, type: "subscribe", autoReply: true, autoReplyMessage: "Welcome!" },
    });
    const edit = { id, keyword: `${word}X`, type: "unsub", autoReplyStatus: "disable" };
    expect((await call(ip, "POST", "/editKeyword", c.owner, edit)).statusCode).toBe(200);
    expect(await one(c, "keyword.updated")).toMatchObject({
      summary: `Changed keyword ${word}X`,
      before: { keyword: word, type: "subscribe", autoReply: true },
      after: { keyword: `${word}X`, type: "unsubscribe", autoReply: false, autoReplyMessage: null },
    });
    expect((await call(ip, "POST", "/deleteKeyword", c.owner, { id })).statusCode).toBe(200);
    // Deleting it again is refused and records nothing more.
    expect((await call(ip, "POST", "/deleteKeyword", c.owner, { id })).statusCode).toBe(409);
    expect(await one(c, "keyword.deleted")).toMatchObject({
      summary: `Deleted keyword ${word}X`,
      before: { keyword: `${word}X`, type: "unsubscribe" },
    });
  });
});

describe("channels and chatbot forwarding", () => {
  it("records connecting, changing and deleting a channel, never its credentials, and the bot switch", async () => {
    const ip = clientIp();
    const c = await createCompany(app);
    const sales = await addDept(c, "Sales");
    const ch = await connectSandbox(app, c.owner, {
      channelType: "TELEGRAM",
      name: "Help desk",
      departmentIds: [sales],
    });
    expect(await one(c, "channel.connected")).toMatchObject({
      actorName: ownerName(c),
      summary: "Connected channel Help desk",
      after: { name: "Help desk", channelType: "TELEGRAM", sandbox: true, departments: ["Sales"] },
    });

    const link = await call(ip, "POST", `/social-chat/channel/${ch.id}/edit-link`, c.owner, {
      name: "Helpdesk",
    });
    expect(link.statusCode, link.body).toBe(200);
    const save = await call(ip, "POST", "/social-chat/channel/connect", c.owner, {
      token: tokenOf(link.json().link),
      channelType: "TELEGRAM",
      name: "Helpdesk SG",
      mode: "sandbox",
      departmentIds: [],
    });
    expect(save.statusCode, save.body).toBe(200);
    const [saved, renamed] = await entries(c, "channel.updated");
    expect(renamed).toMatchObject({
      actorAddress: ip,
      summary: "Changed channel Helpdesk",
      before: { name: "Help desk" },
      after: { name: "Helpdesk" },
    });
    expect(saved).toMatchObject({
      summary: "Changed channel Helpdesk SG",
      before: { name: "Helpdesk", departments: ["Sales"] },
      after: { name: "Helpdesk SG", departments: [] },
    });

    expect(
      (await call(ip, "POST", `/social-chat/channel/${ch.id}/delete-channel`, c.owner, {})).statusCode,
    ).toBe(200);
    expect(await one(c, "channel.deleted")).toMatchObject({
      summary: "Deleted channel Helpdesk SG",
      before: { name: "Helpdesk SG", channelType: "TELEGRAM" },
    });
    expect(JSON.stringify(await entries(c, "channel."))).not.toMatch(/webhookSecret|credentials|v1\./);

    const secret = "a-shared-secret-of-the-bot";
    const on = { currentUserId: c.owner.id, forwardToBot: true, webhookSecret: secret };
    expect((await call(ip, "POST", "/updateForwardingStatus", c.owner, on)).statusCode).toBe(200);
    const off = { currentUserId: c.owner.id, forwardToBot: false };
    expect((await call(ip, "POST", "/updateForwardingStatus", c.owner, off)).statusCode).toBe(200);
    const [turnedOff, turnedOn] = await entries(c, "bot.");
    expect(turnedOn).toMatchObject({
      actorAddress: ip,
      summary: "Changed chatbot forwarding",
      before: null,
      after: { forwarding: true, webhookSecretChanged: true },
    });
    expect(turnedOff).toMatchObject({ before: { forwarding: true }, after: { forwarding: false } });
    expect(JSON.stringify([turnedOn, turnedOff])).not.toContain(secret);
  });
});

describe("sign-in and account security", () => {
  it("records sign-ins, failures (an unknown address without company), wrong codes and sign-outs", async () => {
    const ip = clientIp();
    const c = await createCompany(app);
    const u = await createUser(app, c.id, { role: "agent" });
    expect(
      (await call(ip, "POST", "/login", null, { email: u.email, password: "Wrong!Passw0rd1" })).statusCode,
    ).toBe(400);
    const failed = await one(c, "auth.sign_in_failed");
    expect(failed).toMatchObject({
      actorName: `Test User <${u.email}>`,
      actorAddress: ip,
      summary: "Failed to sign in",
      after: { reason: "Wrong password" },
    });
    expect(JSON.stringify(failed)).not.toContain("Wrong!Passw0rd1");

    const ghost = uniqueEmail("ghost");
    expect(
      (await call(ip, "POST", "/login", null, { email: ghost, password: "Wrong!Passw0rd1" })).statusCode,
    ).toBe(400);
    const op = await createOperator(app);
    const seen = await app.inject({
      method: "GET",
      url: `/api/operator/audit-log?action=auth.sign_in_failed&actor=${encodeURIComponent(ghost)}`,
      headers: auth(op),
    });
    expect(seen.json().data).toEqual([
      expect.objectContaining({
        actorName: `${ghost} (no such account)`,
        actorAddress: ip,
        companyId: null,
        after: { reason: "No account has this e-mail address" },
      }),
    ]);

    const login = await call(ip, "POST", "/login", null, { email: u.email, password: TEST_PASSWORD });
    expect(login.json().code).toBe(1);
    const signedIn = await one(c, "auth.signed_in");
    expect(signedIn).toMatchObject({
      actorName: `Test User <${u.email}>`,
      actorAddress: ip,
      summary: "Signed in",
    });
    const session = { token: login.json().jwttoken as string };
    expect((await call(ip, "POST", "/logout", session, {})).statusCode).toBe(200);
    expect(await one(c, "auth.signed_out")).toMatchObject({ actorAddress: ip, summary: "Signed out" });

    // Two-factor sign-in: a wrong code, then the right one.
    await app.deps.database.query("update users set login2fa = 'Y' where id = $1", [u.id]);
    const pre = (await call(ip, "POST", "/login", null, { email: u.email, password: TEST_PASSWORD })).json();
    expect(pre.code).toBe(2);
    const since = new Date();
    const otp = await call(ip, "POST", "/requestOtp", null, { jwttoken: pre.jwttoken, sms: false });
    const code = /\b(\d{6})\b/.exec((await lastMessageTo(app, u.email, since)).text)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";
    const body = { jwttoken: pre.jwttoken, session_id: otp.json().session_id };
    expect((await call(ip, "POST", "/verifyOtp", null, { ...body, otptoken: wrong })).statusCode).toBe(400);
    expect(await one(c, "auth.code_failed")).toMatchObject({
      actorName: `Test User <${u.email}>`,
      actorAddress: ip,
      summary: "Entered a wrong one-time code",
    });
    expect((await call(ip, "POST", "/verifyOtp", null, { ...body, otptoken: code })).statusCode).toBe(200);
    expect(await entries(c, "auth.signed_in")).toHaveLength(2);
  });

  it("records password resets, password and two-factor changes in My Security, and an e-mail change", async () => {
    const ip = clientIp();
    const c = await createCompany(app);
    const u = await createUser(app, c.id, { role: "agent" });

    const since = new Date();
    expect((await call(ip, "POST", "/forgotpassword", null, { email: u.email })).statusCode).toBe(200);
    const mail = await lastMessageTo(app, u.email, since);
    const requested = await eventually(async () => (await entries(c, "auth.password_reset_requested"))[0]);
    expect(requested).toMatchObject({ actorName: `Test User <${u.email}>`, actorAddress: ip });
    const [, id, token] = /reset-pass\/([^/]+)\/(.+)$/.exec(mail.links[0]!)!;
    const password = "New!Passw0rd99";
    const reset = await call(ip, "POST", "/reset", null, { id, token, password, confirmPass: password });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await one(c, "auth.password_reset")).toMatchObject({
      actorAddress: ip,
      summary: "Reset their password with an e-mailed link",
    });

    const session = {
      token: (await call(ip, "POST", "/login", null, { email: u.email, password })).json().jwttoken,
    };
    const on = await call(ip, "POST", "/editMySecurity", session, { changePass: false, login2fa: "Y" });
    expect(on.statusCode, on.body).toBe(200);
    expect(await one(c, "auth.2fa_enabled")).toMatchObject({
      actorAddress: ip,
      summary: "Turned on two-factor sign-in",
      before: { twoFactor: false },
      after: { twoFactor: true },
    });
    const third = "Third!Passw0rd9";
    const change = await call(ip, "POST", "/editMySecurity", session, {
      changePass: true,
      oldPass: password,
      password: third,
      confirmPass: third,
      login2fa: "N",
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await one(c, "auth.password_changed")).toMatchObject({
      actorAddress: ip,
      summary: "Changed their password",
    });
    expect(await one(c, "auth.2fa_disabled")).toMatchObject({
      before: { twoFactor: true },
      after: { twoFactor: false },
    });

    const newEmail = uniqueEmail("moved");
    const since2 = new Date();
    const profile = await call(ip, "POST", "/editMyProfile", session, {
      firstName: "Test",
      lastName: "User",
      email: newEmail,
      contactNumber: "6591234567",
      currentPassword: third,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const link = (await lastMessageTo(app, newEmail, since2)).links[0]!;
    const [, uid, emailToken] = /auth-register\/([^/]+)\/([^/\s]+)$/.exec(link)!;
    expect((await call(ip, "POST", "/verify", null, { id: uid, token: emailToken })).statusCode).toBe(200);
    // The actor as known when acting: by the address being replaced.
    expect(await one(c, "auth.email_changed")).toMatchObject({
      actorName: `Test User <${u.email}>`,
      actorAddress: ip,
      summary: "Changed their e-mail address",
      before: { email: u.email },
      after: { email: newEmail },
    });
    expect(JSON.stringify(await entries(c, "auth."))).not.toMatch(/Passw0rd|argon2/);
  });
});
