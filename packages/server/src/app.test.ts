import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "./db/schema";
import { signToken } from "./lib/tokens";
import { auth, createCompany, createUser, testApp } from "./test/harness";

describe("app", () => {
  it("answers /api/healthz with the database kind", async () => {
    const app = await testApp();
    const res = await app.inject({ method: "GET", url: "/api/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", database: app.deps.database.kind });
  });

  it("answers unknown API paths with 404 { message }", async () => {
    const app = await testApp();
    const res = await app.inject({ method: "GET", url: "/api/no-such-call" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });
  });

  it("answers malformed JSON with 400 { message }, never a 500", async () => {
    const app = await testApp();
    const { owner } = await createCompany(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/getProfile",
      headers: { ...auth(owner), "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe("string");
  });

  it("sets security headers", async () => {
    const app = await testApp();
    const res = await app.inject({ method: "GET", url: "/api/healthz" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
  });
});

describe("auth hook", () => {
  it("refuses a protected call without a token", async () => {
    const app = await testApp();
    const res = await app.inject({ method: "POST", url: "/api/getProfile", payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Invalid or expired token" });
  });

  it("refuses a forged token", async () => {
    const app = await testApp();
    const { owner } = await createCompany(app);
    const forged = await signToken(
      new TextEncoder().encode("another-secret-another-secret-another-secret"),
      { user_id: owner.id, role: "admin", company_id: "x", sid: owner.sessionId, typ: "access" },
      3600,
    );
    const res = await app.inject({
      method: "POST",
      url: "/api/getProfile",
      headers: auth({ token: forged }),
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });

  it("refuses an expired token with the session-expired message", async () => {
    const app = await testApp();
    const { owner } = await createCompany(app);
    const expired = await signToken(
      app.deps.config.jwtSecret,
      { user_id: owner.id, role: "admin", company_id: "x", sid: owner.sessionId, typ: "access" },
      -10,
    );
    const res = await app.inject({
      method: "POST",
      url: "/api/getProfile",
      headers: auth({ token: expired }),
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Session Expired. Please login again.");
  });

  it("lets a live session through and refuses it once revoked", async () => {
    const app = await testApp();
    const { owner } = await createCompany(app);
    const before = await app.inject({ method: "GET", url: "/api/getUserLimit", headers: auth(owner) });
    expect(before.statusCode).not.toBe(401);
    await app.deps.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, owner.sessionId));
    const after = await app.inject({ method: "GET", url: "/api/getUserLimit", headers: auth(owner) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe("Session Expired. Please login again.");
  });

  it("refuses an inactive user's token with 403 and says why", async () => {
    const app = await testApp();
    const company = await createCompany(app);
    const agent = await createUser(app, company.id, { role: "agent" });
    await app.deps.database.db.update(users).set({ status: "inactive" }).where(eq(users.id, agent.id));
    const res = await app.inject({ method: "GET", url: "/api/getUserLimit", headers: auth(agent) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/not active/);
  });

  it("does not accept a pre-authentication token as an access token", async () => {
    const app = await testApp();
    const { owner } = await createCompany(app);
    const pre = await signToken(
      app.deps.config.jwtSecret,
      { user_id: owner.id, role: "admin", company_id: "x", sid: owner.sessionId, typ: "preauth" },
      600,
    );
    const res = await app.inject({ method: "GET", url: "/api/getUserLimit", headers: auth({ token: pre }) });
    expect(res.statusCode).toBe(401);
  });
});

describe("content security policy", () => {
  it("lets the portal reach the configured IP-geolocation service and nothing else", async () => {
    const app = await testApp({ HERALD_GEOIP_URL: "https://geo.example.com/json" });
    const csp = (await app.inject({ method: "GET", url: "/api/healthz" })).headers[
      "content-security-policy"
    ] as string;
    expect(csp).toMatch(/connect-src 'self' https:\/\/geo\.example\.com(;|$)/);
    const plain = await testApp();
    const csp2 = (await plain.inject({ method: "GET", url: "/api/healthz" })).headers[
      "content-security-policy"
    ] as string;
    expect(csp2).toMatch(/connect-src 'self'(;|$)/);
  });
});
