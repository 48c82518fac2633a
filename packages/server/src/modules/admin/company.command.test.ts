import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, runMigrations } from "../../db/client";
import { companies } from "../../db/schema";
import { auth, createCompany, createUser, testApp } from "../../test/harness";
import { serverProcessArgs } from "../../test/server-process";
import { companyCommand } from "./company.command";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, "../../..");

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await companyCommand(app.deps.database, args, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const limitOf = async (id: string) =>
  (await app.deps.database.db.select().from(companies).where(eq(companies.id, id)))[0]!.totalUsersAllowed;

const rename = (id: string, name: string) =>
  app.deps.database.db.update(companies).set({ name }).where(eq(companies.id, id));

describe("herald-server company set-user-limit", () => {
  it("sets a company's limit by id and by exact name, printing old and new", async () => {
    const c = await createCompany(app);
    const name = `Limit Co ${c.id}`;
    await rename(c.id, name);
    const byId = await run(["set-user-limit", c.id, "40"]);
    expect(byId).toMatchObject({ code: 0, err: "" });
    expect(byId.out).toContain(`${name} (${c.id}): user limit 25 -> 40 (1 users now)`);
    expect(await limitOf(c.id)).toBe(40);

    const byName = await run(["set-user-limit", name, "0"]);
    expect(byName.code).toBe(0);
    expect(byName.out).toContain("user limit 40 -> 0");
    expect(byName.out).toContain("existing users stay");
    expect(await limitOf(c.id)).toBe(0);
  });

  it("the new limit is what addUser and getUserLimit use at once", async () => {
    const c = await createCompany(app);
    await createUser(app, c.id, { role: "agent" });
    expect((await run(["set-user-limit", c.id, "2"])).code).toBe(0);
    const res = await app.inject({ method: "GET", url: "/api/getUserLimit", headers: auth(c.owner) });
    expect(res.json()).toEqual({ totalUser: 2, totalAllowed: 2 });
  });

  it.each([["-1"], ["2.5"], ["ten"], [""], ["99999999999"]])(
    "refuses the limit %j with exit 1",
    async (n) => {
      const c = await createCompany(app);
      const r = await run(["set-user-limit", c.id, n]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^The user limit must be a whole number from 0/);
      expect(await limitOf(c.id)).toBe(25);
    },
  );

  it("refuses an unknown company and an ambiguous name with exit 1", async () => {
    const unknown = await run(["set-user-limit", "No Such Company Anywhere", "5"]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No company with the id or name "No Such Company Anywhere"');

    const a = await createCompany(app);
    const b = await createCompany(app);
    const shared = `Twin Co ${a.id}`;
    await rename(a.id, shared);
    await rename(b.id, shared);
    const twin = await run(["set-user-limit", shared, "5"]);
    expect(twin.code).toBe(1);
    expect(twin.err).toContain(`2 companies are named "${shared}"`);
    expect(twin.err).toContain(a.id);
    expect(twin.err).toContain(b.id);
    expect(await limitOf(a.id)).toBe(25);
    expect(await limitOf(b.id)).toBe(25);
  });

  it("answers usage with exit 2 for a wrong verb or arguments; list shows companies with their counts", async () => {
    expect((await run(["set-user-limit", "only-one"])).code).toBe(2);
    expect((await run(["frobnicate"])).err).toContain("herald-server company set-user-limit");
    const c = await createCompany(app);
    const list = await run(["list"]);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(new RegExp(`${c.id} {2}Test Co \\d+ {2}users 1/25`));
  });

  it("runs as a process on the configured database", { timeout: 180_000 }, async () => {
    const databaseUrl = inject("databaseUrl") || undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), "herald-cmd-"));
    const env = {
      ...process.env,
      HERALD_ENV: "test",
      HERALD_DATA_DIR: dataDir,
      HERALD_JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
      DATABASE_URL: databaseUrl ?? "",
    };
    if (!databaseUrl) delete (env as Record<string, string | undefined>).DATABASE_URL;
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [...serverProcessArgs(), "company", ...args], {
        cwd: serverRoot,
        env,
        encoding: "utf8",
        timeout: 80_000,
      });
    let target: string;
    if (databaseUrl) {
      target = (await createCompany(app)).id;
    } else {
      // a PGlite data dir as a stopped server leaves it, holding one company
      const own = await openDatabase({ dataDir });
      await runMigrations(own);
      const [c] = await own.db
        .insert(companies)
        .values({ name: "Dir Co", totalUsersAllowed: 25 })
        .returning();
      target = c!.id;
      await own.close();
    }
    const bad = cli("set-user-limit", target, "x");
    expect(bad.status, bad.stderr).toBe(1);
    expect(bad.stderr).toContain("The user limit must be a whole number");
    expect(cli("set-user-limit", target).status).toBe(2);
    const ok = cli("set-user-limit", target, "12");
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("user limit 25 -> 12");
    if (databaseUrl) expect(await limitOf(target)).toBe(12);
    else expect(cli("list").stdout).toContain(`${target}  Dir Co  users 0/12`);
  });
});
