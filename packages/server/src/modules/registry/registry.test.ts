import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/sql";
import {
  approveSenderIds,
  auth,
  countQueries,
  createCompany,
  createOperator,
  createUser,
  type TestCompany,
  type TestOperator,
  testApp,
} from "../../test/harness";
import { violates } from "./registry.service";

let app: FastifyInstance;
let op: TestOperator;
beforeAll(async () => {
  app = await testApp();
  op = await createOperator(app);
});

/** Sender IDs are unique across companies (and test files share the database): a fresh one per test. */
let seq = 0;
const freshId = (prefix = "ACME") =>
  `${prefix}${(Date.now() % 1_000_000).toString(36).toUpperCase()}${(++seq).toString(36).toUpperCase()}`.slice(
    0,
    11,
  );
const freshNumber = () => `659${String(Date.now() % 10_000_000).padStart(7, "0")}`.slice(0, 10);

const post = (url: string, body: unknown, who: { token: string }) =>
  app.inject({ method: "POST", url: `/api${url}`, payload: body as object, headers: auth(who) });
const get = (url: string, who: { token: string }) =>
  app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });

async function requestId(co: TestCompany, senderId: string, purpose = "Bank alerts") {
  const res = await post("/requestSenderId", { senderId, purpose }, co.owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; senderId: string; status: string };
}
const approve = (id: string, body: unknown = {}) => post(`/operator/sender-ids/${id}/approve`, body, op);
const reject = (id: string, reason: string) => post(`/operator/sender-ids/${id}/reject`, { reason }, op);

const auditOf = (companyId: string, action: string) =>
  rows<{ before: Record<string, unknown> | null; after: Record<string, unknown> | null; actor_type: string }>(
    app.deps.database.db,
    sql`select before, after, actor_type from audit_log where company_id = ${companyId}::uuid and action = ${action}
         order by created_at`,
  );
const senderIdsOfUser = async (userId: string) =>
  (
    await rows<{ sender_ids: string[] }>(
      app.deps.database.db,
      sql`select sender_ids from users where id = ${userId}::uuid`,
    )
  )[0]!.sender_ids;

describe("finding: company B uses company A's sender ID", () => {
  it("B cannot give A's approved ID to its users (422 naming it), nor request it (409), nor send with it", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const id = freshId();
    const req = await requestId(a, id);
    expect((await approve(req.id)).statusCode).toBe(200);

    const edit = await post("/editSenderId", { id: b.owner.id, senderIds: [id.toLowerCase()] }, b.owner);
    expect(edit.statusCode).toBe(422);
    expect(edit.json()).toEqual({
      message: `${id.toLowerCase()} is not one of your company's approved sender IDs.`,
    });
    expect(await senderIdsOfUser(b.owner.id)).toEqual([]);

    const asked = await post(
      "/requestSenderId",
      { senderId: id.toLowerCase(), purpose: "Mine now" },
      b.owner,
    );
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(
      `${id.toLowerCase()} is already registered to another company. Choose another sender ID.`,
    );

    // even listed on B's user behind the service's back (legacy data), it is neither offered nor sent with
    await app.deps.database.db.execute(
      sql`update users set sender_ids = array[${id}] where id = ${b.owner.id}::uuid`,
    );
    expect((await get("/compose-msg-page-one", b.owner)).json().senderIds).toEqual([]);
    expect((await post("/getSenderId", {}, b.owner)).json().data).toEqual([]);
    const draft = { channel: "SMS", recipients: { numbers: ["6591234567"] }, text: "Hi", senderId: id };
    for (const url of ["/sms/preview", "/sms/send"]) {
      const res = await post(url, draft, b.owner);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toEqual({ message: `${id} is not one of your company's approved sender IDs.` });
    }
    const sends = await rows(
      app.deps.database.db,
      sql`select 1 from sms_sends where company_id = ${b.id}::uuid`,
    );
    expect(sends).toHaveLength(0);

    // A's admin gives it to a user, who sees it offered and may preview with it (spelled as approved)
    const agent = await createUser(app, a.id);
    expect(
      (await post("/editSenderId", { id: agent.id, senderIds: [` ${id.toLowerCase()} `] }, a.owner))
        .statusCode,
    ).toBe(200);
    expect(await senderIdsOfUser(agent.id)).toEqual([id]);
    expect((await get("/compose-msg-page-one", agent)).json().senderIds).toEqual([id]);
    const mine = await post("/sms/preview", { ...draft, senderId: id.toLowerCase() }, agent);
    expect(mine.statusCode, mine.body).toBe(200);
    // an approved ID the user was not given is refused as before
    const notGiven = await post("/sms/preview", draft, a.owner);
    expect(notGiven.json()).toEqual({ message: "This Sender ID is not allowed for your account." });
  });

  it("the platform's default sender ID stays allowed for everyone and cannot be claimed", async () => {
    const b = await createCompany(app);
    const platform = app.deps.config.sms.senderId;
    expect((await post("/editSenderId", { id: b.owner.id, senderIds: [platform] }, b.owner)).statusCode).toBe(
      200,
    );
    const res = await post(
      "/sms/preview",
      {
        channel: "SMS",
        recipients: { numbers: ["6591234567"] },
        text: "Hi",
        senderId: platform.toUpperCase(),
      },
      b.owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().warnings).toBeUndefined();
    const claim = await post("/requestSenderId", { senderId: platform, purpose: "x" }, b.owner);
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toMatch(/platform's default sender ID/);
  });

  it("editSenderId is audited with the list before and after; format errors are 400 with the domain's words", async () => {
    const a = await createCompany(app);
    const [one, two] = [freshId("ONE"), freshId("TWO")];
    await approveSenderIds(app, a.id, [one, two]);
    const agent = await createUser(app, a.id);
    await post("/editSenderId", { id: agent.id, senderIds: [one] }, a.owner);
    await post(
      "/editSenderId",
      { id: agent.id, senderIds: [one, two.toLowerCase()], isAllowSID: 1 },
      a.owner,
    );
    const entries = await auditOf(a.id, "user.sender_ids_changed");
    expect(entries.at(-1)).toMatchObject({
      actor_type: "user",
      before: { senderIds: [one], isAllowSID: false },
      after: { senderIds: [one, two], isAllowSID: true },
    });
    const bad = await post("/editSenderId", { id: agent.id, senderIds: ["123 45"] }, a.owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      "A sender ID with spaces needs at least one letter; a number has no spaces.",
    );
    const short = await post("/editSenderId", { id: agent.id, senderIds: ["12"] }, a.owner);
    expect(short.json().message).toBe("A sender ID number has 3 to 15 digits.");
    expect(await senderIdsOfUser(agent.id)).toEqual([one, two]);
  });
});

describe("requesting sender IDs", () => {
  it("checks the format and purpose, refuses a second request of the same ID (409) and lists the company's own", async () => {
    const a = await createCompany(app);
    const id = freshId("SHOP");
    const r = await requestId(a, `  ${id} `, " Order updates ");
    expect(r).toMatchObject({ senderId: id, status: "requested" });
    const again = await post("/requestSenderId", { senderId: id.toLowerCase(), purpose: "again" }, a.owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Your company has already asked for ${id}; the request is waiting for an answer.`,
    );
    const bad = await post("/requestSenderId", { senderId: "Bad-Char", purpose: "x" }, a.owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      "A sender ID has only letters, digits and spaces (a number may start with +).",
    );
    const noPurpose = await post("/requestSenderId", { senderId: freshId(), purpose: "   " }, a.owner);
    expect(noPurpose.statusCode).toBe(400);
    expect(noPurpose.json().message).toBe("Please say what the sender ID is for.");
    const num = await requestId(a, `+${freshNumber()}`);
    expect(num.senderId).toMatch(/^[0-9]+$/);

    const list = await get("/senderIdRegistry", a.owner);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: { senderId: string }) => x.senderId)).toEqual([num.senderId, id]);
    expect(list.json().data[1]).toMatchObject({
      kind: "alphanumeric",
      purpose: "Order updates",
      requestedBy: `Test User <${a.owner.email}>`,
      decidedAt: null,
    });
    expect(await auditOf(a.id, "sender_id.requested")).toHaveLength(2);
    // agents may not ask, nor read the registry
    const agent = await createUser(app, a.id);
    expect((await post("/requestSenderId", { senderId: freshId(), purpose: "x" }, agent)).statusCode).toBe(
      403,
    );
    expect((await get("/senderIdRegistry", agent)).statusCode).toBe(403);
  });

  it("two companies may ask for the same free ID; the operator approves one and the other answers 409", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const id = freshId("TWIN");
    const ra = await requestId(a, id);
    const rb = await requestId(b, id.toLowerCase());
    expect((await approve(ra.id, { ssirRegistered: true })).json()).toMatchObject({
      status: "approved",
      ssirRegistered: true,
    });
    const second = await approve(rb.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      `${id.toLowerCase()} is already registered to another company. Choose another sender ID.`,
    );
    // the database backs it: a second approved row of the same ID (any case) is refused
    await expect(
      app.deps.database.db.execute(sql`update sender_ids set status = 'approved' where id = ${rb.id}::uuid`),
    ).rejects.toThrow();
  });
});

describe("the database settles races", () => {
  it("a second approved row of an ID, or a second open request of a company, is recognised as the 409 it is", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const id = freshId("RACE");
    await approveSenderIds(app, a.id, [id]);
    const { db } = app.deps.database;
    const insert = (companyId: string, status: string) =>
      db.execute(sql`insert into sender_ids (id, company_id, sender_id, kind, purpose, status)
        values (gen_random_uuid(), ${companyId}::uuid, ${id.toLowerCase()}, 'alphanumeric', 'x', ${status})`);
    // what two approvals committing at once meet: the unique index on approved IDs
    const approved = await insert(b.id, "approved").catch((e: unknown) => e);
    expect(violates(approved, "sender_ids_approved_key")).toBe(true);
    expect(violates(approved, "sender_ids_company_open_key")).toBe(false);
    // what two requests of one company meet: the unique index on its open requests
    const open = await insert(a.id, "requested").catch((e: unknown) => e);
    expect(violates(open, "sender_ids_company_open_key")).toBe(true);
  });
});

describe("the operator's registry", () => {
  it("approves (notifying the admin who asked), rejects with a reason, revokes taking the ID off users", async () => {
    const a = await createCompany(app);
    const [keep, refuse] = [freshId("KEEP"), freshId("NOPE")];
    const rKeep = await requestId(a, keep);
    const rRefuse = await requestId(a, refuse);
    const ok = await approve(rKeep.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: "approved",
      ssirRegistered: false,
      decidedAt: expect.any(String),
    });
    expect((await approve(rKeep.id)).statusCode).toBe(409);

    const no = await reject(rRefuse.id, " Looks like a bank's name ");
    expect(no.json()).toMatchObject({ status: "rejected", reason: "Looks like a bank's name" });
    expect((await reject(rRefuse.id, "again")).statusCode).toBe(409);
    expect((await reject(rRefuse.id, "   ")).statusCode).toBe(400);

    const notes = await post("/getNotification", {}, a.owner);
    const messages = notes.json().data.map((n: { message: string }) => n.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        `Your request for the sender ID ${keep} was approved. Admins can now give it to users.`,
        `Your request for the sender ID ${refuse} was rejected: Looks like a bank's name`,
      ]),
    );

    const agent = await createUser(app, a.id);
    await post("/editSenderId", { id: agent.id, senderIds: [keep] }, a.owner);
    await post("/editSenderId", { id: a.owner.id, senderIds: [keep.toLowerCase()] }, a.owner);
    const revoked = await reject(rKeep.id, "Complaints");
    expect(revoked.json()).toMatchObject({ status: "revoked", reason: "Complaints" });
    expect(await senderIdsOfUser(agent.id)).toEqual([]);
    expect(await senderIdsOfUser(a.owner.id)).toEqual([]);
    expect((await auditOf(a.id, "sender_id.approved"))[0]).toMatchObject({ actor_type: "operator" });
    expect(await auditOf(a.id, "sender_id.rejected")).toHaveLength(1);
    expect((await auditOf(a.id, "sender_id.revoked"))[0]?.after).toMatchObject({ status: "revoked" });
    // once revoked, another company may have it
    const b = await createCompany(app);
    expect((await approve((await requestId(b, keep)).id)).statusCode).toBe(200);
  });

  it("records SSIR registration; 404 for an unknown ID; company tokens are refused", async () => {
    const a = await createCompany(app);
    const r = await requestId(a, freshId("SSIR"));
    const set = await post(`/operator/sender-ids/${r.id}/ssir`, { ssirRegistered: true }, op);
    expect(set.json()).toMatchObject({ ssirRegistered: true });
    expect((await auditOf(a.id, "sender_id.ssir_changed"))[0]).toMatchObject({
      before: { ssirRegistered: false },
      after: { ssirRegistered: true },
    });
    const unknown = "0190f000-0000-7000-8000-000000000000";
    expect((await approve(unknown)).statusCode).toBe(404);
    expect((await post(`/operator/sender-ids/${r.id}/approve`, {}, a.owner)).statusCode).toBe(401);
    expect((await get("/operator/sender-ids", a.owner)).statusCode).toBe(401);
  });

  it("lists requests first (oldest first), then the rest newest first, page by page; q searches ID and company", async () => {
    const a = await createCompany(app);
    const tag = freshId("PG").slice(0, 7);
    const ids = [`${tag}A`, `${tag}B`, `${tag}C`, `${tag}D`, `${tag}E`];
    const made = [];
    for (const id of ids) made.push(await requestId(a, id));
    await approve(made[1]!.id);
    await reject(made[3]!.id, "No");
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url = `/operator/sender-ids?q=${encodeURIComponent(tag.toLowerCase())}&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await get(url, op);
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...page.json().data.map((x: { senderId: string }) => x.senderId));
      cursor = page.json().nextCursor;
    } while (cursor);
    // waiting A, C, E (oldest first), then D (rejected after B was approved... both by creation, newest first)
    expect(seen).toEqual([`${tag}A`, `${tag}C`, `${tag}E`, `${tag}D`, `${tag}B`]);
    const unique = `Registry Pager ${tag}`;
    await app.deps.database.db.execute(sql`update companies set name = ${unique} where id = ${a.id}::uuid`);
    const byCompany = await get(
      `/operator/sender-ids?status=approved&q=${encodeURIComponent(unique.toUpperCase())}`,
      op,
    );
    expect(byCompany.json().data.map((x: { senderId: string }) => x.senderId)).toEqual([`${tag}B`]);
    expect((await get("/operator/sender-ids?cursor=nonsense", op)).statusCode).toBe(400);
    // one query per part of the list
    const { count } = await countQueries(() => get(`/operator/sender-ids?q=${tag}`, op));
    expect(count).toBeLessThanOrEqual(3);
  });

  it("a company admin withdraws a request or gives up an approved ID (off its users); another company's is 404", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const id = freshId("GIVE");
    const r = await requestId(a, id);
    await approve(r.id);
    await post("/editSenderId", { id: a.owner.id, senderIds: [id] }, a.owner);
    expect((await post("/withdrawSenderId", { id: r.id }, b.owner)).statusCode).toBe(404);
    const res = await post("/withdrawSenderId", { id: r.id }, a.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(await senderIdsOfUser(a.owner.id)).toEqual([]);
    expect((await post("/withdrawSenderId", { id: r.id }, a.owner)).statusCode).toBe(409);
    expect(await auditOf(a.id, "sender_id.withdrawn")).toHaveLength(1);
    // and may ask again
    expect((await post("/requestSenderId", { senderId: id, purpose: "Back" }, a.owner)).statusCode).toBe(200);
  });
});

const companyName = async (id: string) =>
  (
    await rows<{ name: string }>(app.deps.database.db, sql`select name from companies where id = ${id}::uuid`)
  )[0]!.name;

describe("SSIR warning in the compose preview", () => {
  it("warns for an approved alphanumeric ID not registered with SSIR, counting the Singapore numbers only", async () => {
    const a = await createCompany(app);
    const [plain, registered] = [freshId("DEMO"), freshId("REG")];
    await approveSenderIds(app, a.id, [plain], { ssirRegistered: false });
    await approveSenderIds(app, a.id, [registered], { ssirRegistered: true });
    await post("/editSenderId", { id: a.owner.id, senderIds: [plain, registered] }, a.owner);
    const recipients = { numbers: ["6591234567", "6581234567", "60123456789"] };
    const warned = await post(
      "/sms/preview",
      { channel: "SMS", recipients, text: "Hi", senderId: plain },
      a.owner,
    );
    expect(warned.statusCode, warned.body).toBe(200);
    expect(warned.json().warnings).toEqual([
      `${plain} is not registered with Singapore's SMS Sender ID Registry: 2 messages to Singapore numbers may be shown as Likely-SCAM.`,
    ]);
    const ok = await post(
      "/sms/preview",
      { channel: "SMS", recipients, text: "Hi", senderId: registered },
      a.owner,
    );
    expect(ok.json().warnings).toBeUndefined();
    const abroad = await post(
      "/sms/preview",
      { channel: "SMS", recipients: { numbers: ["60123456789"] }, text: "Hi", senderId: plain },
      a.owner,
    );
    expect(abroad.json().warnings).toBeUndefined();
  });
});

describe("inbound numbers (operator)", () => {
  it("adds exclusive and shared numbers (digits only), refuses bad owners (400) and keyword clashes (409), audits", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const long = freshNumber();
    const add = await post(
      "/operator/numbers",
      {
        number: `+${long.slice(0, 2)} ${long.slice(2)}`,
        kind: "long",
        shared: false,
        owners: [{ companyId: a.id }],
      },
      op,
    );
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({
      number: long,
      shared: false,
      owners: [{ companyId: a.id, keyword: null }],
    });
    const dup = await post(
      "/operator/numbers",
      { number: long, kind: "long", shared: false, owners: [] },
      op,
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`${long} is already set up.`);

    const bad = (body: Record<string, unknown>) =>
      post(
        "/operator/numbers",
        { number: freshNumber().slice(2, 8), kind: "short", shared: true, owners: [], ...body },
        op,
      );
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ shared: false, owners: [{ companyId: a.id }, { companyId: b.id }] }, 400, /one company at most/],
      [{ shared: false, owners: [{ companyId: a.id, keyword: "ACME" }] }, 400, /takes no keyword/],
      [{ owners: [{ companyId: a.id }] }, 400, /needs a keyword/],
      [{ owners: [{ companyId: a.id, keyword: "two words" }] }, 400, /one word/],
      [{ owners: [{ companyId: a.id, keyword: "stop" }] }, 400, /cannot be a keyword/],
      [
        {
          owners: [
            { companyId: a.id, keyword: "SHOP" },
            { companyId: b.id, keyword: "shop" },
          ],
        },
        409,
        /already used/,
      ],
      [
        {
          owners: [
            { companyId: a.id, keyword: "A" },
            { companyId: a.id, keyword: "B" },
          ],
        },
        400,
        /only once/,
      ],
      [
        { owners: [{ companyId: "0190f000-0000-7000-8000-000000000000", keyword: "X" }] },
        400,
        /does not exist/,
      ],
      [{ number: "12" }, 400, /3 to 8 digits/],
      [{ number: "12a45" }, 400, /only digits/],
      [{ number: "" }, 400, /enter the number/],
      [{ kind: "medium" }, 400, /long .* or short/],
      [{ owners: undefined }, 400, /List the number's owners/],
    ];
    for (const [body, status, message] of cases) {
      const res = await bad(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message);
    }

    const short = freshNumber().slice(3, 9);
    const shared = await post(
      "/operator/numbers",
      {
        number: short,
        kind: "short",
        shared: true,
        owners: [
          { companyId: a.id, keyword: "Acme" },
          { companyId: b.id, keyword: "Beta" },
        ],
      },
      op,
    );
    expect(shared.statusCode, shared.body).toBe(200);
    const edit = await post(`/operator/numbers/${shared.json().id}`, {}, op); // POST is not the edit
    expect(edit.statusCode).toBe(404);
    const put = await app.inject({
      method: "PUT",
      url: `/api/operator/numbers/${shared.json().id}`,
      payload: { number: short, kind: "short", shared: true, owners: [{ companyId: b.id, keyword: "Beta" }] },
      headers: auth(op),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().owners).toEqual([
      { companyId: b.id, companyName: expect.any(String), keyword: "Beta" },
    ]);

    expect((await get("/inboundNumbers", a.owner)).json()).toEqual({
      data: [{ number: long, kind: "long", shared: false, keyword: null }],
    });
    expect((await get("/inboundNumbers", b.owner)).json()).toEqual({
      data: [{ number: short, kind: "short", shared: true, keyword: "Beta" }],
    });

    const del = await app.inject({
      method: "DELETE",
      url: `/api/operator/numbers/${add.json().id}`,
      headers: auth(op),
    });
    expect(del.statusCode).toBe(200);
    expect((await get("/inboundNumbers", a.owner)).json()).toEqual({ data: [] });
    const actions = await rows<{ action: string; after: { owners?: unknown[] } | null }>(
      app.deps.database.db,
      sql`select action, after from audit_log where target_type = 'inbound_number' and target_label in (${long}, ${short})
           order by created_at`,
    );
    expect(actions.map((x) => x.action)).toEqual([
      "number.added",
      "number.added",
      "number.changed",
      "number.removed",
    ]);
    // The log names the owners (its reader knows companies by name, not by id).
    const aName = (add.json().owners as { companyName: string }[])[0]?.companyName;
    expect(aName).toBeTruthy();
    expect(actions[0]?.after?.owners).toEqual([{ companyId: a.id, companyName: aName, keyword: null }]);
  });

  it("lists numbers by number, page by page, searching digits and owners' names", async () => {
    const a = await createCompany(app);
    const base = `8${String(Date.now() % 1_000_000).padStart(6, "0")}`;
    for (const n of ["1", "2", "3"]) {
      const res = await post(
        "/operator/numbers",
        { number: `${base}${n}`, kind: "long", shared: false, owners: [{ companyId: a.id }] },
        op,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const first = await get(`/operator/numbers?q=${base}&limit=2`, op);
    expect(first.json().data.map((x: { number: string }) => x.number)).toEqual([`${base}1`, `${base}2`]);
    const second = await get(`/operator/numbers?q=${base}&limit=2&cursor=${first.json().nextCursor}`, op);
    expect(second.json()).toMatchObject({ data: [{ number: `${base}3` }], nextCursor: null });
    const byName = await get(`/operator/numbers?q=${encodeURIComponent(await companyName(a.id))}`, op);
    expect(byName.json().data).toHaveLength(3);
  });
});
