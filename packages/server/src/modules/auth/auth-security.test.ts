import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { fastifyTrustProxy } from "../../app";
import { companies, emailTokens, otpSessions, sessions, users } from "../../db/schema";
import {
  apiPost,
  clientIp,
  createCompany,
  lastMessageTo,
  registration,
  testApp,
  testConfig,
  uniqueEmail,
} from "../../test/harness";
import { LOGIN_LIMITS, OTP_FAILURE_CAP, OTP_MAX_TRIES } from "./auth.service";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const post = (url: string, payload: unknown, opts: { token?: string; ip?: string } = {}) =>
  apiPost(app, url, payload, opts);

const WRONG = "Wrong!Passw0rd1";
const LOCKED =
  "Too many wrong codes. For your security, please sign in again later. We have sent a warning to the account's e-mail address.";

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? "";
const linkParts = (link: string) => /auth-register\/([^/]+)\/([^/\s]+)$/.exec(link)?.slice(1) ?? [];

async function registerAndVerify(over: Record<string, unknown> = {}) {
  const body = registration(over);
  expect((await post("/register", body)).statusCode).toBe(201);
  const mail = await lastMessageTo(app, body.email);
  const [id, token] = linkParts(mail.links[0] ?? "");
  expect((await post("/verify", { id, token })).statusCode).toBe(200);
  return body;
}

const statusOf = async (email: string) =>
  (await app.deps.database.db.select().from(users).where(eq(users.email, email)))[0]?.userStatus;

describe("sign-in limits: per account and address, then account-wide", () => {
  it("an address guessing the password does not lock the owner out from another address", async () => {
    const { email, password } = await registerAndVerify();
    const attacker = clientIp();
    for (let i = 0; i < LOGIN_LIMITS.accountIp.max; i++) {
      expect((await post("/login", { email, password: WRONG }, { ip: attacker })).statusCode).toBe(400);
    }
    const blocked = await post("/login", { email, password }, { ip: attacker });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);

    const owner = await post("/login", { email, password }, { ip: clientIp() });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ code: 1, message: "Login Successfull" });
  });

  it("past the account-wide limit, only an address that has not failed may try: the right password still signs in", {
    timeout: 120_000,
  }, async () => {
    const { email, password } = await registerAndVerify();
    const perAddress = LOGIN_LIMITS.accountIp.max;
    for (let a = 0; a < LOGIN_LIMITS.account.max / perAddress; a++) {
      const ip = clientIp();
      for (let i = 0; i < perAddress; i++) {
        expect((await post("/login", { email, password: WRONG }, { ip })).statusCode).toBe(400);
      }
    }
    // A new address still has its try; once it has failed, it waits (even with the right password).
    const guesser = clientIp();
    expect((await post("/login", { email, password: WRONG }, { ip: guesser })).statusCode).toBe(400);
    const again = await post("/login", { email, password }, { ip: guesser });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);

    const owner = await post("/login", { email, password }, { ip: clientIp() });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().code).toBe(1);
  });
});

describe("client addresses behind a reverse proxy (HERALD_TRUST_PROXY)", () => {
  const randomAddress = () => Array.from({ length: 4 }, () => Math.floor(Math.random() * 254) + 1).join(".");
  const forgetLimitsOf = (address: string) =>
    app.deps.database.query("delete from rate_limits where key = $1", [`login:ip:${address}`]);

  /** The address a bare app with this HERALD_TRUST_PROXY takes as the client's. */
  async function seenAs(trust: string, remoteAddress: string, forwardedFor: string) {
    const bare = Fastify({
      trustProxy: fastifyTrustProxy(testConfig({ HERALD_TRUST_PROXY: trust }).trustProxy),
    });
    bare.get("/ip", async (r) => r.ip);
    const res = await bare.inject({
      url: "/ip",
      remoteAddress,
      headers: { "x-forwarded-for": forwardedFor },
    });
    await bare.close();
    return res.body;
  }

  it("one hop: the addresses a client writes before the proxy's own entry are not believed, so its wrong passwords meet the limits", {
    timeout: 120_000,
  }, async () => {
    const proxied = await testApp({ HERALD_TRUST_PROXY: "true" });
    const { email } = await registerAndVerify();
    await forgetLimitsOf("127.0.0.1");
    const answers: number[] = [];
    try {
      for (let i = 0; i < 130; i++) {
        const res = await proxied.inject({
          method: "POST",
          url: "/api/login",
          payload: { email, password: WRONG },
          remoteAddress: "127.0.0.1",
          headers: { "x-forwarded-for": `${randomAddress()}, 127.0.0.1` },
        });
        answers.push(res.statusCode);
      }
    } finally {
      await forgetLimitsOf("127.0.0.1");
    }
    const allowed = LOGIN_LIMITS.accountIp.max;
    expect(answers.slice(0, allowed)).toEqual(Array(allowed).fill(400));
    expect(answers.slice(allowed)).toEqual(Array(130 - allowed).fill(429));
  });

  it("one hop: the proxy's X-Forwarded-For entry is the client's address (a session started through it records 1.2.3.4)", async () => {
    const proxied = await testApp({ HERALD_TRUST_PROXY: "true" });
    const { email, password } = await registerAndVerify();
    try {
      const res = await proxied.inject({
        method: "POST",
        url: "/api/login",
        payload: { email, password },
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": "1.2.3.4" },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await forgetLimitsOf("1.2.3.4");
    }
    const [user] = await app.deps.database.db.select().from(users).where(eq(users.email, email));
    const rows = await app.deps.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows.map((s) => s.ip)).toEqual(["1.2.3.4"]);
  });

  it("takes the rightmost address no trusted proxy stands for, and believes nothing without a setting", async () => {
    expect(await seenAs("false", "127.0.0.1", "1.2.3.4")).toBe("127.0.0.1");
    expect(await seenAs("1", "127.0.0.1", "6.6.6.6, 1.2.3.4")).toBe("1.2.3.4");
    expect(await seenAs("2", "127.0.0.1", "6.6.6.6, 1.2.3.4, 10.0.0.9")).toBe("1.2.3.4");
    // A list of proxies: only a listed peer's header is believed, back to the first address not listed.
    expect(await seenAs("10.0.0.5", "10.0.0.5", "6.6.6.6, 1.2.3.4")).toBe("1.2.3.4");
    expect(await seenAs("10.0.0.5", "5.6.7.8", "1.2.3.4")).toBe("5.6.7.8");
    expect(await seenAs("10.0.0.5, 10.1.0.0/16", "10.0.0.5", "6.6.6.6, 1.2.3.4, 10.1.2.3")).toBe("1.2.3.4");
  });
});

describe("online status at sign-in", () => {
  it("sets the user online after the password (no two-factor) and after the code (two-factor)", async () => {
    const plain = await registerAndVerify();
    expect(await statusOf(plain.email)).toBe("offline");
    expect((await post("/login", { email: plain.email, password: plain.password })).json().code).toBe(1);
    expect(await statusOf(plain.email)).toBe("online");

    const u = await twoFactorUser();
    await app.deps.database.db.update(users).set({ userStatus: "offline" }).where(eq(users.email, u.email));
    const since = new Date();
    const { session_id } = (await post("/requestOtp", { jwttoken: u.pre, sms: false })).json();
    expect(await statusOf(u.email)).toBe("offline");
    const code = codeIn((await lastMessageTo(app, u.email, since)).text);
    expect((await post("/verifyOtp", { jwttoken: u.pre, otptoken: code, session_id })).statusCode).toBe(200);
    expect(await statusOf(u.email)).toBe("online");
  });
});

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

describe("two-factor codes: wrong codes counted per account", () => {
  it("names the masked destination of the code", async () => {
    const u = await twoFactorUser();
    const email = await post("/requestOtp", { jwttoken: u.pre, sms: false });
    expect(email.json().destination).toBe(`o***@example.com`);
    const sms = await post("/requestOtp", { jwttoken: u.pre, sms: true, sessionId: email.json().session_id });
    expect(sms.json().destination).toBe("+65 ****4567");
  });

  it("a resend or a new sign-in does not reset the count: the cap ends the sign-in, warns by e-mail and refuses even the right code", {
    timeout: 60_000,
  }, async () => {
    const u = await twoFactorUser();
    const since = new Date();
    const first = (await post("/requestOtp", { jwttoken: u.pre, sms: false })).json();
    const code = codeIn((await lastMessageTo(app, u.email, since)).text);
    const wrong = (c: string) => (c === "000000" ? "111111" : "000000");
    for (let i = 0; i < OTP_MAX_TRIES; i++) {
      const r = await post("/verifyOtp", {
        jwttoken: u.pre,
        otptoken: wrong(code),
        session_id: first.session_id,
      });
      expect(r.json()).toEqual({ message: "Invalid OTP" });
    }
    // The code's tries are spent: the answer says so, even to the right code.
    const spent = await post("/verifyOtp", { jwttoken: u.pre, otptoken: code, session_id: first.session_id });
    expect(spent.statusCode).toBe(400);
    expect(spent.json()).toEqual({ message: "Too many attempts, request a new code" });

    // A resend gives the new code fresh tries, but the account keeps counting.
    await app.deps.database.db
      .update(otpSessions)
      .set({ lastSentAt: new Date(Date.now() - 31_000) })
      .where(eq(otpSessions.id, first.session_id));
    const since2 = new Date();
    expect(
      (await post("/resendOtp", { jwttoken: u.pre, sms: false, sessionId: first.session_id })).statusCode,
    ).toBe(200);
    const code2 = codeIn((await lastMessageTo(app, u.email, since2)).text);
    for (let i = 0; i < 3; i++) {
      const r = await post("/verifyOtp", {
        jwttoken: u.pre,
        otptoken: wrong(code2),
        session_id: first.session_id,
      });
      expect(r.json()).toEqual({ message: "Invalid OTP" });
    }

    // A new sign-in attempt: still the same account's count.
    const pre2 = (await post("/login", { email: u.email, password: u.password })).json().jwttoken as string;
    const since3 = new Date();
    const second = (await post("/requestOtp", { jwttoken: pre2, sms: false })).json();
    const code3 = codeIn((await lastMessageTo(app, u.email, since3)).text);
    const ninth = await post("/verifyOtp", {
      jwttoken: pre2,
      otptoken: wrong(code3),
      session_id: second.session_id,
    });
    expect(ninth.json()).toEqual({ message: "Invalid OTP" });
    const since4 = new Date();
    const tenth = await post("/verifyOtp", {
      jwttoken: pre2,
      otptoken: wrong(code3),
      session_id: second.session_id,
    });
    expect(OTP_MAX_TRIES + 3 + 2).toBe(OTP_FAILURE_CAP);
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toEqual({ message: LOCKED });
    expect(Number(tenth.headers["retry-after"])).toBeGreaterThan(0);

    // The attempt has ended: its pre-authentication token no longer works.
    const after = await post("/verifyOtp", {
      jwttoken: pre2,
      otptoken: code3,
      session_id: second.session_id,
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: "Token Expired. Please Login Again." });

    // The account's address is warned.
    const warning = await lastMessageTo(app, u.email, since4);
    expect(warning.subject).toBe("Too many wrong sign-in codes on your Herald account");

    // Until the window ends, a new sign-in cannot get or use a code.
    const pre3 = (await post("/login", { email: u.email, password: u.password })).json().jwttoken as string;
    const refused = await post("/requestOtp", { jwttoken: pre3, sms: false });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: LOCKED });
  });
});

describe("forgot password does the same work for every address", () => {
  const jobsFor = (email: string) =>
    app.deps.database.query<{ name: string; data: Record<string, unknown> }>(
      `select name, data from pgboss.job where name in ('auth.forgot', 'email.send') and data->>'email' = $1`,
      [email],
    );

  it("queues one lookup job for a known and an unknown address alike; the known one receives the link", async () => {
    const { email } = await registerAndVerify();
    const ghost = uniqueEmail("ghost");
    const since = new Date();
    const known = await post("/forgotpassword", { email: email.toUpperCase() });
    const unknown = await post("/forgotpassword", { email: ghost });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const knownJobs = await jobsFor(email);
    const unknownJobs = await jobsFor(ghost);
    // with the requester's address, for the audit log's entry of a known account
    expect(knownJobs).toEqual([{ name: "auth.forgot", data: { email, ip: expect.any(String) } }]);
    expect(unknownJobs).toEqual([{ name: "auth.forgot", data: { email: ghost, ip: expect.any(String) } }]);

    const mail = await lastMessageTo(app, email, since);
    expect(mail.subject).toBe("Reset your password");
    expect(mail.links[0]).toMatch(/\/auths\/reset-pass\/[^/]+\/[^/]+$/);
  });
});

describe("verification e-mail: resend, and replacing an expired registration", () => {
  it("sends a new link to an address waiting for verification, answering every address the same", async () => {
    const body = registration();
    expect((await post("/register", body)).statusCode).toBe(201);
    const firstMail = await lastMessageTo(app, body.email);
    const verified = await registerAndVerify();

    const since = new Date();
    const answers = await Promise.all(
      [body.email, verified.email, uniqueEmail("nobody")].map((email) =>
        post("/resendVerification", { email }),
      ),
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual({ message: "Please check your email for verification !" });
    }
    const mail = await lastMessageTo(app, body.email, since);
    expect(mail.subject).toBe("Verify your e-mail address");
    const [id, token] = linkParts(mail.links[0] ?? "");
    const [oldId, oldToken] = linkParts(firstMail.links[0] ?? "");
    expect((await post("/verify", { id: oldId, token: oldToken })).statusCode).toBe(400);
    expect((await post("/verify", { id, token })).statusCode).toBe(200);
    expect((await post("/login", { email: body.email, password: body.password })).json().code).toBe(1);
  });

  it("limits resends per address", async () => {
    const email = uniqueEmail("spam");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post("/resendVerification", { email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await post("/resendVerification", { email: "nope" })).statusCode).toBe(400);
  });

  it("lets a new registration replace an unverified one whose link has expired, and only then", async () => {
    const { db } = app.deps.database;
    const squat = registration({ companyName: `Squatter ${Date.now()}` });
    expect((await post("/register", squat)).statusCode).toBe(201);
    const [squatter] = await db.select().from(users).where(eq(users.email, squat.email));
    // Its verification e-mail is delivered first, so the owner's link below is the owner's own.
    await lastMessageTo(app, squat.email);

    // While its link is valid, the address is taken.
    const early = await post("/register", registration({ email: squat.email }));
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: "That email is taken, please try another" });

    await db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, squatter!.id));
    const since = new Date();
    const owner = registration({ email: squat.email, companyName: `Real Owner ${Date.now()}` });
    const replaced = await post("/register", owner);
    expect(replaced.statusCode).toBe(201);
    expect(await db.select().from(users).where(eq(users.id, squatter!.id))).toHaveLength(0);
    expect(await db.select().from(companies).where(eq(companies.id, squatter!.companyId))).toHaveLength(0);

    const mail = await lastMessageTo(app, owner.email, since);
    const [id, token] = linkParts(mail.links[0] ?? "");
    expect((await post("/verify", { id, token })).statusCode).toBe(200);
    const login = await post("/login", { email: owner.email, password: owner.password });
    expect(login.json().code).toBe(1);
    const profile = await post("/getProfile", {}, { token: login.json().jwttoken });
    expect(profile.json().company).toBe(owner.companyName);
  });

  it("keeps the address of a user who has signed in before, even when it is not verified any more", async () => {
    const { db } = app.deps.database;
    const { owner } = await createCompany(app, { creditCents: 0 });
    // An owner who has signed in (a session exists) but whose address is unverified again, with an expired link.
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, owner.id));
    await db.insert(emailTokens).values({
      userId: owner.id,
      kind: "verify",
      tokenHash: `expired-${owner.id}`,
      email: owner.email,
      expiresAt: new Date(Date.now() - 1000),
    });
    const taken = await post("/register", registration({ email: owner.email }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ message: "That email is taken, please try another" });
    expect(await db.select().from(users).where(eq(users.id, owner.id))).toHaveLength(1);
  });
});
