import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auth,
  countQueries,
  createCompany,
  createOperator,
  createUser,
  signIn,
  type TestCompany,
  testApp,
} from "../../test/harness";
import { summarise } from "./actions";
import { recordAudit, userWho } from "./audit";
import { AUDIT_MESSAGES } from "./audit.messages";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const get = (url: string, who: { token: string }) =>
  app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });

/** An entry at a chosen time (the writer stamps now(); the reads are tested on fixed instants). */
async function entryAt(
  companyId: string | null,
  at: string,
  over: { action?: string; label?: string; target?: string } = {},
) {
  await app.deps.database.query(
    `insert into audit_log (id, company_id, actor_type, actor_label, actor_ip, action, target_type, target_label, created_at)
     values ($1, $2, 'user', $3, '198.51.100.9', $4, 'user', $5, $6)`,
    [
      uuidv7(),
      companyId,
      over.label ?? "Ann Lee <ann@example.com>",
      over.action ?? "user.created",
      over.target ?? "Bo Tan",
      at,
    ],
  );
}

async function company(timezone = "Asia/Singapore"): Promise<TestCompany> {
  const c = await createCompany(app);
  await app.deps.database.query("update companies set timezone = $2 where id = $1", [c.id, timezone]);
  return c;
}

describe("who reads the audit log", () => {
  it("company admins see their company's entries only; supervisors and agents get 403", async () => {
    const a = await company();
    const b = await company();
    const { db } = app.deps.database;
    await recordAudit(db, {
      companyId: a.id,
      who: userWho({ userId: a.owner.id }),
      action: "department.created",
    });
    await recordAudit(db, {
      companyId: b.id,
      who: userWho({ userId: b.owner.id }),
      action: "keyword.created",
    });
    await recordAudit(db, { companyId: null, who: { type: "system" }, action: "number.added" });

    const mine = await get("/auditLog", a.owner);
    expect(mine.statusCode, mine.body).toBe(200);
    const data = mine.json().data as { action: string; companyId: string; companyName: string }[];
    expect(data.map((e) => e.action)).toEqual(["department.created"]);
    expect(data[0]!.companyId).toBe(a.id);
    expect(data[0]!.companyName).toMatch(/^Test Co/);

    for (const role of ["supervisor", "agent"] as const) {
      const u = await createUser(app, a.id, { role });
      expect((await get("/auditLog", u)).statusCode).toBe(403);
      expect((await get("/auditLog/export", u)).statusCode).toBe(403);
    }
    // An operator's token is no company token, and a company's token opens no operator call.
    const op = await createOperator(app);
    expect((await get("/auditLog", op)).statusCode).toBe(401);
    expect((await get("/operator/audit-log", a.owner)).statusCode).toBe(401);
  });

  it("the operator sees every company's entries and those of no company, and filters by company", async () => {
    const a = await company();
    const b = await company();
    const op = await createOperator(app);
    const from = "2031-05-05";
    await entryAt(a.id, "2031-05-05T01:00:00Z", { target: "In A" });
    await entryAt(b.id, "2031-05-05T02:00:00Z", { target: "In B" });
    await entryAt(null, "2031-05-05T03:00:00Z", { target: "In none", action: "number.added" });

    const all = await get(`/operator/audit-log?from=${from}&to=${from}`, op);
    expect(all.statusCode, all.body).toBe(200);
    const labels = all.json().data.map((e: { targetLabel: string }) => e.targetLabel);
    expect(labels).toEqual(expect.arrayContaining(["In none", "In B", "In A"]));
    const onlyA = await get(`/operator/audit-log?companyId=${a.id}`, op);
    expect(onlyA.json().data.map((e: { targetLabel: string }) => e.targetLabel)).toEqual(["In A"]);
  });

  it("shows a company when the operator acted but not the operator's address; the operator's log does", async () => {
    const c = await company();
    const op = await createOperator(app);
    await recordAudit(app.deps.database.db, {
      companyId: c.id,
      who: { type: "operator", id: op.id, ip: "192.0.2.44" },
      action: "company.suspended",
      target: { type: "company", id: c.id },
      after: { reason: "Unpaid invoice" },
    });
    const [seen] = (await get("/auditLog", c.owner)).json().data;
    expect(seen).toMatchObject({
      actorType: "operator",
      actorName: `Test Operator <${op.email}> (operator)`,
      actorAddress: null,
      summary: expect.stringMatching(/^Suspended Test Co \d+$/),
    });
    const [theirs] = (await get(`/operator/audit-log?companyId=${c.id}`, op)).json().data;
    expect(theirs.actorAddress).toBe("192.0.2.44");
  });
});

describe("filters and pages", () => {
  it("filters by actor (name or e-mail, any case), action (exact, area or prefix) and company days", async () => {
    const c = await company("Asia/Singapore");
    // 23:30 on 1 March in Singapore, and 00:30 on 2 March there (both 1 March in UTC)
    await entryAt(c.id, "2031-03-01T15:30:00Z", {
      action: "user.created",
      label: "Ann Lee <ann@example.com>",
    });
    await entryAt(c.id, "2031-03-01T16:30:00Z", {
      action: "user.role_changed",
      label: "Raj K <RAJ@Example.com>",
    });
    await entryAt(c.id, "2031-03-01T16:40:00Z", {
      action: "keyword.deleted",
      label: "Raj K <raj@example.com>",
    });
    const actions = async (query: string) => {
      const res = await get(`/auditLog?${query}`, c.owner);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((e: { action: string }) => e.action);
    };
    expect(await actions("actor=raj@EXAMPLE")).toEqual(["keyword.deleted", "user.role_changed"]);
    expect(await actions("actor=ann%20lee")).toEqual(["user.created"]);
    expect(await actions("actor=%25")).toEqual([]); // % is a character, not a wildcard
    expect(await actions("action=user.")).toEqual(["user.role_changed", "user.created"]);
    expect(await actions("action=user")).toEqual(["user.role_changed", "user.created"]);
    expect(await actions("action=user.created")).toEqual(["user.created"]);
    expect(await actions("action=user.creat")).toEqual([]);
    expect(await actions("from=2031-03-02&to=2031-03-02")).toEqual(["keyword.deleted", "user.role_changed"]);
    expect(await actions("to=2031-03-01")).toEqual(["user.created"]);
    expect(await actions("from=2031-03-02&action=keyword.")).toEqual(["keyword.deleted"]);

    // The operator's days are UTC days: all three are on 1 March.
    const op = await createOperator(app);
    const utc = await get(`/operator/audit-log?companyId=${c.id}&from=2031-03-01&to=2031-03-01`, op);
    expect(utc.json().data).toHaveLength(3);
  });

  it("refuses a start after the end and days that do not exist with 400", async () => {
    const c = await company();
    const op = await createOperator(app);
    for (const [url, who] of [
      ["/auditLog", c.owner],
      ["/auditLog/export", c.owner],
      ["/operator/audit-log", op],
      ["/operator/audit-log/export", op],
    ] as const) {
      const res = await get(`${url}?from=2031-03-05&to=2031-03-04`, who);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(AUDIT_MESSAGES.fromAfterTo);
    }
    expect((await get("/auditLog?from=2031-02-30", c.owner)).statusCode).toBe(400);
  });

  it("pages newest first through a cursor round trip; a cursor it did not make is 400, never 500", async () => {
    const c = await company();
    // two entries in the same microsecond: the id orders them
    for (const at of ["2031-04-01T10:00:00Z", "2031-04-01T11:00:00Z", "2031-04-01T11:00:00Z"])
      await entryAt(c.id, at);
    for (let i = 0; i < 4; i += 1) await entryAt(c.id, `2031-04-02T0${i}:00:00.123456Z`);
    const seen: string[] = [];
    const times: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(
        `/auditLog?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        c.owner,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: { id: string; at: string }[]; nextCursor: string | null };
      seen.push(...body.data.map((e) => e.id));
      times.push(...body.data.map((e) => e.at));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(7);
    expect([...times].sort().reverse()).toEqual(times);

    const b64 = (text: string) => Buffer.from(text).toString("base64url");
    const id = uuidv7();
    for (const bad of [
      "not-a-cursor",
      b64("2031-02-30 10:00:00+00|" + id), // no such day
      b64("2031-04-01 25:00:00+00|" + id),
      b64("2031-04-01 10:00:00+00|not-a-uuid"),
      b64(`'; drop table audit_log; --|${id}`),
    ]) {
      const res = await get(`/auditLog?cursor=${encodeURIComponent(bad)}`, c.owner);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(AUDIT_MESSAGES.badCursor);
    }
  });

  it("costs the actor lookup plus one query per page, whatever the page size and filters", async () => {
    const c = await company();
    for (let i = 0; i < 60; i += 1) await entryAt(c.id, `2031-06-01T00:00:${String(i).padStart(2, "0")}Z`);
    const fresh = await signIn(app, c.owner.id, c.id, "admin");
    const first = await countQueries(() =>
      get("/auditLog?limit=50&actor=ann&action=user.&from=2031-06-01&to=2031-06-02", fresh),
    );
    expect(first.result.statusCode).toBe(200);
    expect(first.result.json().data).toHaveLength(50);
    expect(first.count, first.queries.join("\n")).toBe(2);
    const next = await countQueries(() =>
      get(`/auditLog?limit=50&cursor=${encodeURIComponent(first.result.json().nextCursor)}`, fresh),
    );
    expect(next.result.json().data).toHaveLength(10);
    expect(next.count, next.queries.join("\n")).toBe(1); // the actor is cached now

    const op = await createOperator(app);
    const theirs = await countQueries(() => get(`/operator/audit-log?companyId=${c.id}&limit=200`, op));
    expect(theirs.result.json().data).toHaveLength(60);
    expect(theirs.count, theirs.queries.join("\n")).toBe(2);
  });
});

describe("CSV export", () => {
  it("writes the selection oldest first, in the company's time zone, with formulas neutralised", async () => {
    const c = await company("Asia/Singapore");
    await app.deps.database.db.execute(
      sql`update users set first_name = '=HYPERLINK("http://x")', last_name = '' where id = ${c.owner.id}`,
    );
    await recordAudit(app.deps.database.db, {
      companyId: c.id,
      who: userWho({ userId: c.owner.id, ip: "203.0.113.5" }),
      action: "user.role_changed",
      target: { type: "user", id: c.owner.id, label: "+Mallory" },
      before: { role: "agent" },
      after: { role: "admin" },
    });
    await entryAt(c.id, "2020-01-01T00:00:00Z", {
      label: "Old One <old@example.com>",
      action: "keyword.created",
    });
    const res = await get("/auditLog/export", c.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="audit-log\.csv"/);
    const records = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0]!)).toEqual([
      "Time",
      "Actor",
      "Address",
      "Action",
      "Summary",
      "Target",
      "Before",
      "After",
      "Company",
    ]);
    expect(records.map((r) => r.Action)).toEqual(["keyword.created", "user.role_changed"]);
    expect(records[0]!.Time).toBe("2020-01-01T08:00:00+08:00");
    const last = records[1]!;
    expect(last.Time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(last.Actor).toBe(`'=HYPERLINK("http://x") <${c.owner.email}>`);
    expect(last.Address).toBe("203.0.113.5");
    expect(last.Summary).toBe("Changed the role of +Mallory");
    expect(last.Target).toBe("'+Mallory");
    expect(JSON.parse(last.Before!)).toEqual({ role: "agent" });
    expect(JSON.parse(last.After!)).toEqual({ role: "admin" });
    expect(last.Company).toMatch(/^Test Co/);

    const op = await createOperator(app);
    const utc = await get(`/operator/audit-log/export?companyId=${c.id}&from=2020-01-01&to=2020-01-01`, op);
    const rows = parse(utc.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Time)).toEqual(["2020-01-01T00:00:00Z"]);
  });
});

describe("the action catalogue", () => {
  it("says each action in words, with or without a target, and humanises an unknown one", () => {
    expect(summarise("user.created", "Mei Ling")).toBe("Added user Mei Ling");
    expect(summarise("user.role_changed", null)).toBe("Changed a user's role");
    expect(summarise("auth.signed_in", null)).toBe("Signed in");
    expect(summarise("company.suspended", "Acme")).toBe("Suspended Acme");
    expect(summarise("sender_id.expired", "ACME")).toBe("Sender id expired: ACME");
    expect(summarise("constructor", null)).toBe("Constructor");
  });
});
