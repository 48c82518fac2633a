import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hashPassword } from "../../lib/passwords";
import {
  auth,
  countQueries,
  createCompany,
  createUser,
  eventually,
  secondInstance,
  signIn,
  type TestUser,
  testApp,
} from "../../test/harness";
import { revokeSessions } from "../users.repository";

// Sessions are cached per process (src/lib/session-cache.ts). Two app instances share the database, as two
// API processes behind a load balancer do: a revocation made through one (or by any SQL at all) must stop
// the very next request on the other, whose cache holds the session.

let a: FastifyInstance;
let b: FastifyInstance;
let closeB: () => Promise<void>;

beforeAll(async () => {
  a = await testApp();
  const second = await secondInstance();
  b = second.app;
  closeB = second.close;
});
afterAll(async () => closeB?.());

const profile = (app: FastifyInstance, u: { token: string }) =>
  app.inject({ method: "POST", url: "/api/getProfile", headers: auth(u) });
const company = (app: FastifyInstance, u: { token: string }) =>
  app.inject({ method: "POST", url: "/api/getCompany", headers: auth(u) });

/** Signs the user's session into instance B's cache and checks that B now answers without asking for it. */
async function cachedOnB(u: TestUser) {
  expect((await profile(b, u)).statusCode).toBe(200);
  const { count, queries, result } = await countQueries(() => profile(b, u));
  expect(result.statusCode).toBe(200);
  // getProfile's own read only: the actor came from B's cache
  expect(count, queries.join("\n")).toBe(1);
}

describe("session revocation across app instances", () => {
  it("serves a known session without a query for the actor", async () => {
    const { owner } = await createCompany(a);
    const first = await countQueries(() => profile(b, owner));
    expect(first.result.statusCode).toBe(200);
    expect(first.count, first.queries.join("\n")).toBe(2);
    expect(first.queries[0]).toMatch(/from sessions s join users u/);
    await cachedOnB(owner);
  });

  it("refuses the old token on the other instance right after logout", async () => {
    const { owner } = await createCompany(a);
    await cachedOnB(owner);
    const out = await a.inject({ method: "POST", url: "/api/logout", headers: auth(owner) });
    expect(out.statusCode).toBe(200);
    const next = await profile(b, owner);
    expect(next.statusCode).toBe(401);
    expect(next.json()).toEqual({ message: "Session Expired. Please login again." });
  });

  it("ends the other sessions on a password change, at once on every instance", async () => {
    const { id: companyId, owner } = await createCompany(a);
    const other = await signIn(a, owner.id, companyId, "admin");
    await a.deps.database.query("update users set password_hash = $1 where id = $2", [
      await hashPassword("Old!Passw0rd99"),
      owner.id,
    ]);
    await cachedOnB({ ...owner, ...other });
    const changed = await a.inject({
      method: "POST",
      url: "/api/editMySecurity",
      headers: auth(owner),
      payload: {
        login2fa: "N",
        changePass: true,
        oldPass: "Old!Passw0rd99",
        password: "New!Passw0rd99",
        confirmPass: "New!Passw0rd99",
      },
    });
    expect(changed.json()).toEqual({ message: "Data Update Successful !" });
    expect((await profile(b, other)).statusCode).toBe(401);
    expect((await profile(b, owner)).statusCode).toBe(200);
  });

  it("ends every session when they are revoked as a password reset does", async () => {
    const { owner } = await createCompany(a);
    await cachedOnB(owner);
    await a.deps.database.db.transaction(async (tx) => revokeSessions(tx, owner.id));
    expect((await profile(b, owner)).statusCode).toBe(401);
  });

  it("applies a role change to the very next request", async () => {
    const { id: companyId, owner } = await createCompany(a);
    const admin = await createUser(a, companyId, { role: "admin" });
    await cachedOnB(admin);
    expect((await company(b, admin)).statusCode).toBe(200);
    // any path that changes the role (a user-management call, the CLI, plain SQL) invalidates the session
    await a.deps.database.query("update users set user_role = 'agent' where id = $1", [admin.id]);
    const refused = await company(b, admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Invalid Access" });
    expect((await company(b, owner)).statusCode).toBe(200);
  });

  it("refuses a deactivated user at once, and a deleted one", async () => {
    const { id: companyId } = await createCompany(a);
    const agent = await createUser(a, companyId);
    const gone = await createUser(a, companyId);
    await cachedOnB(agent);
    await cachedOnB(gone);
    await a.deps.database.query("update users set status = 'inactive' where id = $1", [agent.id]);
    const inactive = await profile(b, agent);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toEqual({
      message: "Your account is not active. Please contact your administrator.",
    });
    await a.deps.database.query("delete from users where id = $1", [gone.id]);
    expect((await profile(b, gone)).statusCode).toBe(401);
  });

  it("reloads the actor after a department change, and not after a rolled-back revocation", async () => {
    const { id: companyId } = await createCompany(a);
    const agent = await createUser(a, companyId);
    await cachedOnB(agent);
    await a.deps.database.db
      .transaction(async (tx) => {
        await revokeSessions(tx, agent.id);
        throw new Error("rolled back");
      })
      .catch(() => {});
    const kept = await countQueries(() => profile(b, agent));
    expect(kept.result.statusCode).toBe(200);
    expect(kept.count, kept.queries.join("\n")).toBe(1);

    const [dept] = await a.deps.database.query<{ id: string }>(
      "insert into departments (id, company_id, name) values (gen_random_uuid(), $1, 'Sales') returning id",
      [companyId],
    );
    await a.deps.database.query("insert into user_departments (user_id, department_id) values ($1, $2)", [
      agent.id,
      dept!.id,
    ]);
    const reloaded = await countQueries(() => profile(b, agent));
    expect(reloaded.result.json().dept).toEqual([{ id: dept!.id, name: "Sales" }]);
    expect(reloaded.count, reloaded.queries.join("\n")).toBe(2);
  });
});

describe("the invalidation listener (PostgreSQL)", () => {
  it.runIf(Boolean(inject("databaseUrl")))(
    "stops caching while its connection is lost, so a revocation still takes effect, then resumes",
    async () => {
      const { id: companyId, owner } = await createCompany(a);
      const other = await signIn(a, owner.id, companyId, "admin");
      await cachedOnB(owner);
      await cachedOnB({ ...owner, ...other });
      // cut instance B's listening connection
      const pid = b.sessionCache.listenerPid;
      expect(pid).toEqual(expect.any(Number));
      await a.deps.database.query("select pg_terminate_backend($1)", [pid]);
      await a.inject({ method: "POST", url: "/api/logout", headers: auth(other) });
      expect((await profile(b, other)).statusCode).toBe(401);
      // listening again (after a second): sessions are cached again
      await eventually(async () => {
        await profile(b, owner);
        const again = await countQueries(() => profile(b, owner));
        return again.result.statusCode === 200 && again.count === 1 && b.sessionCache.listenerPid !== pid;
      });
    },
  );
});
