import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, otpSessions, users } from "../../db/schema";
import {
  apiPost,
  clientIp,
  createCompany,
  createUser,
  lastMessageTo,
  registration,
  TEST_PASSWORD,
  testApp,
  uniqueEmail,
} from "../../test/harness";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const post = (url: string, payload: unknown, opts: { token?: string; ip?: string } = {}) =>
  apiPost(app, url, payload, opts);

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? "";

async function registerAndVerify(over: Record<string, unknown> = {}) {
  const body = registration(over);
  const res = await post("/register", body);
  expect(res.statusCode).toBe(201);
  const mail = await lastMessageTo(app, body.email as string);
  const [, id, token] = /auth-register\/([^/]+)\/([^/\s]+)/.exec(mail.links[0] ?? "") ?? [];
  expect((await post("/verify", { id, token })).statusCode).toBe(200);
  return body;
}

describe("registration and e-mail verification", () => {
  it("creates the company and its owner, mails a verification link, and signs in only once verified", async () => {
    const body = registration();
    const res = await post("/register", body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: "Please check your email for verification !" });

    const [owner] = await app.deps.database.db.select().from(users).where(eq(users.email, body.email));
    expect(owner).toMatchObject({
      userRole: "admin",
      isOwner: true,
      firstName: "Mei",
      contactNumber: "6591234567",
    });
    expect(owner!.emailVerifiedAt).toBeNull();
    const [company] = await app.deps.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, owner!.companyId));
    expect(company!.name).toBe("Lion City Traders");

    const unverified = await post("/login", { email: body.email, password: body.password });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toMatch(/verify your email/);

    const mail = await lastMessageTo(app, body.email);
    expect(mail.subject).toBe("Verify your e-mail address");
    const link = mail.links[0]!;
    expect(link).toMatch(new RegExp(`/auths/auth-register/${owner!.id}/[A-Za-z0-9_-]{43}$`));
    const [, id, token] = /auth-register\/([^/]+)\/(.+)$/.exec(link)!;

    const verified = await post("/verify", { id, token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: "Verify Successful !" });
    const reused = await post("/verify", { id, token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: "Invalid or expired token" });

    const login = await post("/login", { email: body.email.toUpperCase(), password: body.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ code: 1, message: "Login Successfull" });
    const profile = await post("/getProfile", {}, { token: login.json().jwttoken });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      firstName: "Mei",
      userRole: "admin",
      isOwner: 1,
      company: "Lion City Traders",
    });
    const payload = JSON.parse(Buffer.from(login.json().jwttoken.split(".")[1], "base64url").toString());
    expect(payload).toMatchObject({ role: "admin", user_id: owner!.id, company_id: owner!.companyId });
  });

  it("refuses a taken e-mail (any case) without creating anything", async () => {
    const first = registration();
    expect((await post("/register", first)).statusCode).toBe(201);
    // another worker may be creating companies at the same time: look for this attempt's company only
    const companyName = `Duplicate Attempt ${Date.now()}`;
    const dup = await post("/register", registration({ email: first.email.toUpperCase(), companyName }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ message: "That email is taken, please try another" });
    const created = await app.deps.database.db
      .select()
      .from(companies)
      .where(eq(companies.name, companyName));
    expect(created).toHaveLength(0);
  });

  it.each([
    [{ contactNumber: "65123" }, 403, "Invalid Contact Number"],
    [{ contactNumber: "12345678901234567890" }, 403, "Invalid Contact Number"],
    [{ firstName: "" }, 400, "First name is required"],
    [{ lastName: "" }, 400, "Last name is required"],
    [{ firstName: "A".repeat(21) }, 400, "First name cannot exceed 20 characters"],
    [{ country: "" }, 400, "Please select your country"],
    [{ email: "not-an-email" }, 400, "Invalid email format"],
    [{ password: "Short1!", confirmPass: "Short1!" }, 400, "Password must be at least 12 characters long"],
    [
      { password: "alllower123!", confirmPass: "alllower123!" },
      400,
      "Password must be 12+ chars with 1 uppercase [A-Z], 1 lowercase [a-z], 1 number [0-9], and 1 special character [!@#$%*_?&].",
    ],
    [{ confirmPass: "Different!Passw0rd" }, 400, "Passwords do not match!"],
    [
      { password: "Password123!", confirmPass: "Password123!" },
      400,
      "This password is too common. Please choose another.",
    ],
    [
      { password: "aaaaaaaaaaaaaaaa", confirmPass: "aaaaaaaaaaaaaaaa" },
      400,
      "This password is too common. Please choose another.",
    ],
    [
      { password: "password password", confirmPass: "password password" },
      400,
      "This password is too common. Please choose another.",
    ],
  ])("refuses %o with %i %s", async (over, status, message) => {
    const body = registration(over);
    const res = await post("/register", body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
    const rows = await app.deps.database.db.select().from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(0);
  });
});

describe("passphrases", () => {
  it("registers and signs in with a long passphrase that has no digits, capitals or specials of the short rules", async () => {
    const passphrase = "correct horse battery staple 2024";
    const { email } = await registerAndVerify({ password: passphrase, confirmPass: passphrase });
    const res = await post("/login", { email, password: passphrase });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, message: "Login Successfull" });
  });
});

describe("sign-in", () => {
  it("answers the same for a wrong password and an unknown account", async () => {
    const { email } = await registerAndVerify();
    const wrong = await post("/login", { email, password: "Wrong!Passw0rd1" });
    const unknown = await post("/login", { email: uniqueEmail("nobody"), password: "Wrong!Passw0rd1" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: "Invalid Email or Password" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("tells inactive and deleted users why they cannot sign in", async () => {
    const company = await createCompany(app);
    const inactive = await createUser(app, company.id, { status: "inactive" });
    const deleted = await createUser(app, company.id, { status: "deleted" });
    const a = await post("/login", { email: inactive.email, password: TEST_PASSWORD });
    expect(a.statusCode).toBe(403);
    expect(a.json().message).toBe("Your account is inactive. Please contact your administrator.");
    const b = await post("/login", { email: deleted.email, password: TEST_PASSWORD });
    expect(b.statusCode).toBe(403);
    expect(b.json().message).toBe("This account has been deleted. Please contact your administrator.");
  });

  it("rate-limits one account from one address, answering 429 with Retry-After", async () => {
    const { email } = await registerAndVerify();
    const ip = clientIp();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 12; i++) {
      last = await post("/login", { email, password: "Wrong!Passw0rd1" }, { ip });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("rate-limits one address across accounts", async () => {
    const ip = clientIp();
    let status = 0;
    for (let i = 0; i < 31; i++) {
      status = (await post("/login", { email: uniqueEmail("spray"), password: "Wrong!Passw0rd1" }, { ip }))
        .statusCode;
    }
    expect(status).toBe(429);
  });

  it("ends the session on logout", async () => {
    const { email, password } = await registerAndVerify();
    const token = (await post("/login", { email, password })).json().jwttoken;
    expect((await post("/logout", {}, { token })).statusCode).toBe(200);
    const after = await post("/getProfile", {}, { token });
    expect(after.statusCode).toBe(401);
  });
});

describe("two-factor sign-in", () => {
  async function twoFactorUser() {
    const body = await registerAndVerify();
    const token = (await post("/login", { email: body.email, password: body.password })).json().jwttoken;
    expect((await post("/editMySecurity", { changePass: false, login2fa: "Y" }, { token })).statusCode).toBe(
      200,
    );
    const login = await post("/login", { email: body.email, password: body.password });
    expect(login.json().code).toBe(2);
    return { ...body, pre: login.json().jwttoken as string };
  }

  it("signs in with an e-mailed code, then with an SMS code after switching", async () => {
    const u = await twoFactorUser();
    expect((await post("/getProfile", {}, { token: u.pre })).statusCode).toBe(401);

    const since = new Date();
    const req = await post("/requestOtp", { jwttoken: u.pre, sms: false });
    expect(req.statusCode).toBe(200);
    const { session_id } = req.json();
    const mail = await lastMessageTo(app, u.email, since);
    const emailCode = codeIn(mail.text);
    expect(emailCode).toMatch(/^\d{6}$/);

    // switch to SMS: the e-mail code's session closes
    const sms = await post("/requestOtp", { jwttoken: u.pre, sms: true, sessionId: session_id });
    expect(sms.statusCode).toBe(200);
    const smsSession = sms.json().session_id;
    expect(smsSession).not.toBe(session_id);
    const stale = await post("/verifyOtp", { jwttoken: u.pre, otptoken: emailCode, session_id, sms: false });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: "Invalid OTP" });

    const text = await lastMessageTo(app, "6591234567", since);
    const smsCode = codeIn(text.text);
    const ok = await post("/verifyOtp", {
      jwttoken: u.pre,
      otptoken: smsCode,
      session_id: smsSession,
      sms: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe("Login Successfull");
    expect((await post("/getProfile", {}, { token: ok.json().jwttoken })).statusCode).toBe(200);

    // single use: the code and the pre-authentication token are spent
    const again = await post("/verifyOtp", { jwttoken: u.pre, otptoken: smsCode, session_id: smsSession });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: "Token Expired. Please Login Again." });
  });

  it("refuses the sixth try even with the right code, saying the code's tries are spent", async () => {
    const u = await twoFactorUser();
    const since = new Date();
    const { session_id } = (await post("/requestOtp", { jwttoken: u.pre, sms: false })).json();
    const code = codeIn((await lastMessageTo(app, u.email, since)).text);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const r = await post("/verifyOtp", { jwttoken: u.pre, otptoken: wrong, session_id });
      expect(r.json()).toEqual({ message: "Invalid OTP" });
    }
    const sixth = await post("/verifyOtp", { jwttoken: u.pre, otptoken: code, session_id });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ message: "Too many attempts, request a new code" });
  });

  it("refuses an expired code and a forged pre-authentication token", async () => {
    const u = await twoFactorUser();
    const since = new Date();
    const { session_id } = (await post("/requestOtp", { jwttoken: u.pre, sms: false })).json();
    const code = codeIn((await lastMessageTo(app, u.email, since)).text);
    await app.deps.database.db
      .update(otpSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpSessions.id, session_id));
    expect((await post("/verifyOtp", { jwttoken: u.pre, otptoken: code, session_id })).json()).toEqual({
      message: "Invalid OTP",
    });
    const forged = await post("/requestOtp", { jwttoken: `${u.pre}x`, sms: false });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: "Token Expired. Please Login Again." });
  });

  it("limits how many codes one account can ask for", async () => {
    const u = await twoFactorUser();
    const statuses: number[] = [];
    let sessionId: string | undefined;
    for (let i = 0; i < 7; i++) {
      const r = await post("/requestOtp", {
        jwttoken: u.pre,
        sms: false,
        ...(sessionId ? { sessionId } : {}),
      });
      statuses.push(r.statusCode);
      if (r.statusCode === 200) sessionId = r.json().session_id;
    }
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses[6]).toBe(429);
  });

  it("allows a resend only after 30 seconds, and the new code replaces the old one", async () => {
    const u = await twoFactorUser();
    const since = new Date();
    const { session_id, resendAfter } = (await post("/requestOtp", { jwttoken: u.pre, sms: false })).json();
    expect(resendAfter).toBe(30); // the page's countdown
    const first = codeIn((await lastMessageTo(app, u.email, since)).text);
    const early = await post("/resendOtp", { jwttoken: u.pre, sms: false, sessionId: session_id });
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers["retry-after"])).toBeGreaterThan(0);
    await app.deps.database.db
      .update(otpSessions)
      .set({ lastSentAt: new Date(Date.now() - 31_000) })
      .where(eq(otpSessions.id, session_id));
    const since2 = new Date();
    const resent = await post("/resendOtp", { jwttoken: u.pre, sms: false, sessionId: session_id });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().resendAfter).toBe(30);
    const second = codeIn((await lastMessageTo(app, u.email, since2)).text);
    if (first !== second) {
      expect((await post("/verifyOtp", { jwttoken: u.pre, otptoken: first, session_id })).statusCode).toBe(
        400,
      );
    }
    expect((await post("/verifyOtp", { jwttoken: u.pre, otptoken: second, session_id })).statusCode).toBe(
      200,
    );
  });
});

describe("password reset", () => {
  it("mails a single-use link; the old password stops working and every session ends", async () => {
    const { email, password } = await registerAndVerify();
    const token = (await post("/login", { email, password })).json().jwttoken;
    const since = new Date();
    const res = await post("/forgotpassword", { email });
    expect(res.json()).toEqual({ message: "Reset password link has been sent !" });
    const mail = await lastMessageTo(app, email, since);
    const [, id, resetToken] = /reset-pass\/([^/]+)\/(.+)$/.exec(mail.links[0]!)!;

    expect((await post("/verifyReset", { token: resetToken })).json()).toEqual({
      message: "Verify Successful !",
    });
    const mismatch = await post("/reset", {
      id,
      token: resetToken,
      password: "New!Passw0rd99",
      confirmPass: "Other!Passw0rd99",
    });
    expect(mismatch.json()).toEqual({ message: "Passwords do not match" });
    const done = await post("/reset", {
      id,
      token: resetToken,
      password: "New!Passw0rd99",
      confirmPass: "New!Passw0rd99",
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: "Password Reset Successful !" });

    const reuse = await post("/reset", {
      id,
      token: resetToken,
      password: "Third!Passw0rd9",
      confirmPass: "Third!Passw0rd9",
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ message: "Invalid Email or Password" });
    expect((await post("/verifyReset", { token: resetToken })).json()).toEqual({
      message: "Invalid or Expired Token",
    });

    expect((await post("/getProfile", {}, { token })).statusCode).toBe(401);
    expect((await post("/login", { email, password })).statusCode).toBe(400);
    expect((await post("/login", { email, password: "New!Passw0rd99" })).json().code).toBe(1);
  });

  it("answers an unknown address like a known one and a malformed one with 'Invalid Email'", async () => {
    const unknown = await post("/forgotpassword", { email: uniqueEmail("ghost") });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: "Reset password link has been sent !" });
    const bad = await post("/forgotpassword", { email: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "Invalid Email" });
  });
});

describe("own profile and settings", () => {
  it("changes the password only with the old one, ending the other sessions but not this one", async () => {
    const { email, password } = await registerAndVerify();
    const a = (await post("/login", { email, password })).json().jwttoken;
    const b = (await post("/login", { email, password })).json().jwttoken;
    const wrongOld = await post(
      "/editMySecurity",
      {
        changePass: true,
        oldPass: "Wrong!Passw0rd1",
        password: "New!Passw0rd99",
        confirmPass: "New!Passw0rd99",
        login2fa: "N",
      },
      { token: a },
    );
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toEqual({ message: "Invalid old password" });
    const ok = await post(
      "/editMySecurity",
      {
        changePass: true,
        oldPass: password,
        password: "New!Passw0rd99",
        confirmPass: "New!Passw0rd99",
        login2fa: "N",
      },
      { token: a },
    );
    expect(ok.json()).toEqual({ message: "Data Update Successful !" });
    expect((await post("/getProfile", {}, { token: a })).statusCode).toBe(200);
    expect((await post("/getProfile", {}, { token: b })).statusCode).toBe(401);
  });

  it("stores own thresholds only when the second is smaller than the first", async () => {
    const { owner } = await createCompany(app);
    const bad = await post(
      "/editMyNotification",
      { firstThresh: 10, secondThresh: 10 },
      { token: owner.token },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "Second threshold must be smaller than the first threshold" });
    const tooPrecise = await post(
      "/editMyNotification",
      { firstThresh: 10.005, secondThresh: 1 },
      { token: owner.token },
    );
    expect(tooPrecise.statusCode).toBe(400);
    expect((await post("/getUserThreshold", {}, { token: owner.token })).json()).toEqual({
      first_thresh: null,
      second_thresh: null,
    });
    expect(
      (await post("/editMyNotification", { firstThresh: 100.5, secondThresh: 20.25 }, { token: owner.token }))
        .statusCode,
    ).toBe(200);
    expect((await post("/getUserThreshold", {}, { token: owner.token })).json()).toEqual({
      first_thresh: 100.5,
      second_thresh: 20.25,
    });
  });

  it("switches online/offline: own status, or anyone's for an admin, never another company's", async () => {
    const company = await createCompany(app);
    const agent = await createUser(app, company.id, { role: "agent" });
    expect(
      (await post("/updateStatus", { id: agent.id, status: "online" }, { token: agent.token })).statusCode,
    ).toBe(200);
    expect((await post("/getProfile", {}, { token: agent.token })).json().userStatus).toBe("online");
    const other = await post(
      "/updateStatus",
      { id: company.owner.id, status: "online" },
      { token: agent.token },
    );
    expect(other.statusCode).toBe(403);
    expect(
      (await post("/updateStatus", { id: agent.id, status: "offline" }, { token: company.owner.token }))
        .statusCode,
    ).toBe(200);
    const stranger = await createCompany(app);
    const cross = await post(
      "/updateStatus",
      { id: agent.id, status: "online" },
      { token: stranger.owner.token },
    );
    expect(cross.statusCode).toBe(404);
  });

  it("shows the corporate credit to admins only", async () => {
    const company = await createCompany(app, { creditCents: 123_456 });
    const agent = await createUser(app, company.id, { role: "agent" });
    const res = await post(
      "/getCompany",
      { currentUserId: company.owner.id },
      { token: company.owner.token },
    );
    expect(res.json()).toMatchObject({ companyId: company.id, companyCredit: 1234.56 });
    expect((await post("/getCompany", {}, { token: agent.token })).statusCode).toBe(403);
  });
});

describe("notifications", () => {
  it("lists own notifications newest first with the unread count, and marks only own ones read", async () => {
    const company = await createCompany(app);
    const agent = await createUser(app, company.id, { role: "agent" });
    const { database } = app.deps;
    const insert = (
      userId: string,
      message: string,
      type: string,
      fromId: string | null,
      minutesAgo: number,
    ) =>
      database.query(
        "insert into notifications (id, company_id, user_id, from_id, type, message, created_at) values (gen_random_uuid(), $1, $2, $3, $4, $5, now() - make_interval(mins => $6))",
        [company.id, userId, fromId, type, message, minutesAgo],
      );
    await insert(company.owner.id, "Low credit", "low_credit", null, 10);
    await insert(company.owner.id, "Test User requests a top up", "request", agent.id, 1);
    await insert(agent.id, "Agent's own", "info", null, 5);

    const list = (await post("/getNotification", {}, { token: company.owner.token })).json();
    expect(list.count).toBe(2);
    expect(list.data.map((n: { message: string }) => n.message)).toEqual([
      "Test User requests a top up",
      "Low credit",
    ]);
    expect(list.data[0]).toMatchObject({ type: "request", fromId: agent.id, status: "unread" });

    const agentList = (await post("/getNotification", {}, { token: agent.token })).json();
    const ids = [...list.data.map((n: { id: string }) => n.id), agentList.data[0].id];
    expect(
      (await post("/updateNotification", { notificationIds: ids }, { token: company.owner.token }))
        .statusCode,
    ).toBe(200);
    expect((await post("/getNotification", {}, { token: company.owner.token })).json().count).toBe(0);
    expect((await post("/getNotification", {}, { token: agent.token })).json().count).toBe(1);
  });
});
