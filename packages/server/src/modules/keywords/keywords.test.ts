import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { keywords } from "../../db/schema";
import { apiPost, auth, countQueries, createCompany, createUser, testApp } from "../../test/harness";
import { matchKeyword } from "./keywords.service";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

type Who = { token: string };
const post = (url: string, body: unknown, who: Who) => apiPost(app, url, body, { token: who.token });
const list = (who: Who, query = "") =>
  app.inject({ method: "GET", url: `/api/keywordList${query ? `?${query}` : ""}`, headers: auth(who) });

interface KeywordBody {
  id: string;
  keyword: string;
  created_by: string;
  type: string;
  status: string;
  created_dtm: string;
  auto_reply_status: string;
  auto_reply: string | null;
}

let n = 0;
const word = (prefix = "JOIN") => `${prefix}${++n}`;

async function add(who: Who, over: Record<string, unknown> = {}): Promise<KeywordBody> {
  const res = await post(
    "/addKeyword",
    { keyword: word(), type: "sub", autoReplyStatus: "enable", auto_reply: "Welcome!", ...over },
    who,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const row = async (id: string) =>
  (await app.deps.database.db.select().from(keywords).where(eq(keywords.id, id)))[0]!;

describe("addKeyword", () => {
  it("adds a trimmed keyword with its creator's first name and answers the Keyword", async () => {
    const { owner } = await createCompany(app);
    const k = await add(owner, { keyword: "  Promo  ", auto_reply: " Thanks for joining " });
    expect(k).toMatchObject({
      keyword: "Promo",
      type: "sub",
      status: "active",
      auto_reply_status: "enable",
      auto_reply: "Thanks for joining",
      created_by: "Test",
    });
    expect(Number.isNaN(Date.parse(k.created_dtm))).toBe(false);
    expect(await row(k.id)).toMatchObject({ keyword: "Promo", createdBy: owner.id, deletedAt: null });
  });

  it("the reply text is optional on add and dropped when auto-reply is disabled", async () => {
    const { owner } = await createCompany(app);
    const noText = await add(owner, { auto_reply: undefined });
    expect(noText).toMatchObject({ auto_reply_status: "enable", auto_reply: null });
    const disabled = await add(owner, { type: "unsub", autoReplyStatus: "disable", auto_reply: "ignored" });
    expect(disabled).toMatchObject({ type: "unsub", auto_reply_status: "disable", auto_reply: null });
    expect((await row(disabled.id)).autoReply).toBeNull();
  });

  it("refuses a keyword that already exists in the company, whatever its case", async () => {
    const { owner } = await createCompany(app);
    await add(owner, { keyword: "Stop" });
    for (const keyword of ["STOP", "stop", " sToP "]) {
      const res = await post("/addKeyword", { keyword, type: "unsub", autoReplyStatus: "disable" }, owner);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("Keyword already exists");
    }
    // another company may use the same keyword
    const other = await createCompany(app);
    expect((await add(other.owner, { keyword: "STOP" })).keyword).toBe("STOP");
  });

  it("two adds of the same keyword at once: one is added, the other gets the 409", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const body = { keyword: "RaceWord", type: "sub", autoReplyStatus: "disable" };
    const answers = await Promise.all([
      post("/addKeyword", body, owner),
      post("/addKeyword", { ...body, keyword: "raceword" }, owner),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const stored = await app.deps.database.query(
      "select id from keywords where company_id = $1 and lower(keyword) = 'raceword'",
      [companyId],
    );
    expect(stored).toHaveLength(1);
  });

  it("a deleted keyword's text can be used again", async () => {
    const { owner } = await createCompany(app);
    const k = await add(owner, { keyword: "Again" });
    expect((await post("/deleteKeyword", { id: k.id }, owner)).statusCode).toBe(200);
    expect((await add(owner, { keyword: "AGAIN" })).keyword).toBe("AGAIN");
  });

  it("validates with the form's messages and writes nothing", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const base = { keyword: "Valid", type: "sub", autoReplyStatus: "enable" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, keyword: undefined }, "This is required"],
      [{ ...base, keyword: "" }, "This is required"],
      [{ ...base, keyword: "   " }, "This is required"],
      [{ ...base, keyword: "two words" }, "A keyword is one word, without spaces"],
      [{ ...base, keyword: "no\u00a0break" }, "A keyword is one word, without spaces"],
      [{ ...base, keyword: "x".repeat(51) }, "A keyword cannot exceed 50 characters"],
      [{ ...base, type: undefined }, "This is required"],
      [{ ...base, type: "both" }, "Type must be Subscribe (sub) or Unsubscribe (unsub)"],
      [{ ...base, autoReplyStatus: undefined }, "This is required"],
      [{ ...base, autoReplyStatus: "maybe" }, "Auto Reply must be enable or disable"],
      [{ ...base, auto_reply: "x".repeat(1001) }, "The auto reply cannot exceed 1000 characters"],
    ];
    for (const [body, message] of cases) {
      const res = await post("/addKeyword", body, owner);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    const stored = await app.deps.database.query("select id from keywords where company_id = $1", [
      companyId,
    ]);
    expect(stored).toHaveLength(0);
  });
});

describe("getKeyword", () => {
  it("answers the company's keyword, deleted ones included", async () => {
    const { owner } = await createCompany(app);
    const k = await add(owner);
    const res = await post("/getKeyword", { id: k.id }, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(k);
    await post("/deleteKeyword", { id: k.id }, owner);
    expect((await post("/getKeyword", { id: k.id }, owner)).json()).toMatchObject({
      status: "deleted",
      auto_reply_status: "deleted",
      auto_reply: null,
    });
  });

  it("an unknown id answers 404", async () => {
    const { owner } = await createCompany(app);
    const res = await post("/getKeyword", { id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" }, owner);
    expect(res.statusCode).toBe(404);
  });
});

describe("editKeyword", () => {
  it("changes the keyword, its type and its reply", async () => {
    const { owner } = await createCompany(app);
    const k = await add(owner, { keyword: "Old" });
    const res = await post(
      "/editKeyword",
      { id: k.id, keyword: " New ", type: "unsub", autoReplyStatus: "enable", auto_reply: "Bye" },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Data Update Successful !");
    expect(await row(k.id)).toMatchObject({ keyword: "New", type: "unsub", autoReply: "Bye" });
    expect((await row(k.id)).updatedAt).not.toBeNull();
  });

  it("disabling auto-reply clears the text; enabling needs a text", async () => {
    const { owner } = await createCompany(app);
    const k = await add(owner);
    const edit = (over: Record<string, unknown>) =>
      post("/editKeyword", { id: k.id, keyword: k.keyword, type: "sub", ...over }, owner);
    expect((await edit({ autoReplyStatus: "disable", auto_reply: "kept?" })).statusCode).toBe(200);
    expect(await row(k.id)).toMatchObject({ autoReplyStatus: "disable", autoReply: null });
    for (const auto_reply of [undefined, null, "", "   "]) {
      const res = await edit({ autoReplyStatus: "enable", auto_reply });
      expect(res.statusCode, String(auto_reply)).toBe(400);
      expect(res.json().message).toBe("This is required");
    }
    expect(await row(k.id)).toMatchObject({ autoReplyStatus: "disable", autoReply: null });
    expect((await edit({ autoReplyStatus: "enable", auto_reply: "Hello again" })).statusCode).toBe(200);
    expect(await row(k.id)).toMatchObject({ autoReplyStatus: "enable", autoReply: "Hello again" });
  });

  it("keeps keywords unique without case, the keyword itself excepted", async () => {
    const { owner } = await createCompany(app);
    const a = await add(owner, { keyword: "Alpha" });
    await add(owner, { keyword: "Beta" });
    const edit = (keyword: string) =>
      post("/editKeyword", { id: a.id, keyword, type: "sub", autoReplyStatus: "disable" }, owner);
    const clash = await edit("BETA");
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe("Keyword already exists");
    expect((await row(a.id)).keyword).toBe("Alpha");
    expect((await edit("ALPHA")).statusCode).toBe(200);
    expect((await row(a.id)).keyword).toBe("ALPHA");
  });

  it("a deleted keyword cannot be edited (409); validation as on add", async () => {
    const { owner } = await createCompany(app);
    const k = await add(owner);
    const body = { id: k.id, keyword: "Fresh", type: "sub", autoReplyStatus: "disable" };
    const spaced = await post("/editKeyword", { ...body, keyword: "two words" }, owner);
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().message).toBe("A keyword is one word, without spaces");
    const blank = await post("/editKeyword", { ...body, keyword: "" }, owner);
    expect(blank.json().message).toBe("This is required");
    await post("/deleteKeyword", { id: k.id }, owner);
    const res = await post("/editKeyword", body, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This keyword has been deleted");
    expect((await row(k.id)).keyword).toBe(k.keyword);
  });
});

describe("deleteKeyword", () => {
  it("soft-deletes: the row stays, marked deleted with its time; a second delete is a 409", async () => {
    const { owner } = await createCompany(app);
    const k = await add(owner);
    const res = await post("/deleteKeyword", { id: k.id }, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Keyword deleted Successfully !");
    const stored = await row(k.id);
    expect(stored).toMatchObject({ status: "deleted", autoReplyStatus: "deleted" });
    expect(stored.deletedAt).toBeInstanceOf(Date);
    const again = await post("/deleteKeyword", { id: k.id }, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This keyword is already deleted");
    const listed = (await list(owner)).json();
    expect(listed.data.map((d: KeywordBody) => [d.id, d.status])).toEqual([[k.id, "deleted"]]);
  });
});

describe("keywordList", () => {
  it("newest first, deleted rows included, with the total", async () => {
    const { owner } = await createCompany(app);
    const a = await add(owner, { keyword: "First" });
    const b = await add(owner, { keyword: "Second" });
    const c = await add(owner, { keyword: "Third" });
    await post("/deleteKeyword", { id: b.id }, owner);
    const res = await list(owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.data.map((d: KeywordBody) => d.id)).toEqual([c.id, b.id, a.id]);
    expect(body.data[1]).toMatchObject({
      status: "deleted",
      auto_reply_status: "deleted",
      created_by: "Test",
    });
  });

  it("pages, searches and sorts on the server", async () => {
    const { owner } = await createCompany(app);
    for (const [keyword, type] of [
      ["delta", "sub"],
      ["Alpha", "unsub"],
      ["charlie", "sub"],
      ["Bravo", "unsub"],
      ["alp_ha", "sub"],
    ] as const)
      await add(owner, { keyword, type });
    const q = async (query: string) => (await list(owner, query)).json();
    const names = (body: { data: KeywordBody[] }) => body.data.map((d) => d.keyword);

    expect(names(await q("sort=keyword&order=asc"))).toEqual([
      "alp_ha",
      "Alpha",
      "Bravo",
      "charlie",
      "delta",
    ]);
    expect(names(await q("sort=keyword&order=desc"))).toEqual([
      "delta",
      "charlie",
      "Bravo",
      "Alpha",
      "alp_ha",
    ]);
    expect(names(await q("sort=keyword"))[0]).toBe("alp_ha");
    expect((await q("sort=type&order=desc")).data[0].type).toBe("unsub");
    const page2 = await q("sort=keyword&order=asc&page=2&pageSize=2");
    expect(names(page2)).toEqual(["Bravo", "charlie"]);
    expect(page2.total).toBe(5);
    const past = await q("page=9&pageSize=2");
    expect(past).toEqual({ data: [], total: 5 });
    // search matches the keyword without case; % and _ are taken literally
    expect(names(await q("search=ALP&sort=keyword"))).toEqual(["alp_ha", "Alpha"]);
    expect(names(await q("search=p_h"))).toEqual(["alp_ha"]);
    expect(await q("search=%25")).toEqual({ data: [], total: 0 });
  });

  it("answers one query per page, however many keywords there are", async () => {
    const { id: companyId, owner } = await createCompany(app);
    await list(owner); // caches the session: the count below is the list's work alone
    for (const size of [0, 5, 1200]) {
      if (size > 0) {
        const existing = Number(
          (
            await app.deps.database.query<{ c: number }>(
              "select count(*)::int as c from keywords where company_id = $1",
              [companyId],
            )
          )[0]!.c,
        );
        await app.deps.database.db.insert(keywords).values(
          Array.from({ length: size - existing }, (_, i) => ({
            companyId,
            keyword: `bulk${size}x${i}`,
            type: i % 2 ? "sub" : "unsub",
            createdBy: owner.id,
          })),
        );
      }
      const { count, queries, result } = await countQueries(() => list(owner));
      expect(result.statusCode).toBe(200);
      expect(result.json().total).toBe(size);
      expect(result.json().data).toHaveLength(Math.min(size, 1000));
      expect(count, queries.join("\n")).toBe(1);
    }
    const { count, result } = await countQueries(() => list(owner, "page=2&sort=created_by&order=asc"));
    expect(result.json().data).toHaveLength(200);
    expect(count).toBe(1);
  });
});

describe("permissions and tenancy", () => {
  it("supervisors and agents get 403 Invalid Access on every keyword call", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const k = await add(owner);
    for (const role of ["supervisor", "agent"] as const) {
      const u = await createUser(app, companyId, { role });
      const calls = [
        list(u),
        post("/getKeyword", { id: k.id }, u),
        post("/addKeyword", { keyword: "Nope", type: "sub", autoReplyStatus: "disable" }, u),
        post("/editKeyword", { id: k.id, keyword: "Nope", type: "sub", autoReplyStatus: "disable" }, u),
        post("/deleteKeyword", { id: k.id }, u),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, `${role} ${res.body}`).toBe(403);
        expect(res.json().message).toBe("Invalid Access");
      }
    }
    expect(await row(k.id)).toMatchObject({ keyword: k.keyword, status: "active" });
  });

  it("another company's admin gets 404 and learns nothing", async () => {
    const { owner } = await createCompany(app);
    const k = await add(owner, { keyword: "Secret" });
    const deleted = await add(owner, { keyword: "Gone" });
    await post("/deleteKeyword", { id: deleted.id }, owner);
    const other = await createCompany(app);
    const unknown = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
    for (const id of [k.id, deleted.id]) {
      const answers = [
        await post("/getKeyword", { id }, other.owner),
        await post(
          "/editKeyword",
          { id, keyword: "Mine", type: "sub", autoReplyStatus: "disable" },
          other.owner,
        ),
        await post("/deleteKeyword", { id }, other.owner),
      ];
      const onUnknown = [
        await post("/getKeyword", { id: unknown }, other.owner),
        await post(
          "/editKeyword",
          { id: unknown, keyword: "Mine", type: "sub", autoReplyStatus: "disable" },
          other.owner,
        ),
        await post("/deleteKeyword", { id: unknown }, other.owner),
      ];
      // a deleted keyword of another company looks exactly like one that never existed
      expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
        onUnknown.map((a) => [a.statusCode, a.json()]),
      );
      expect(answers.every((a) => a.statusCode === 404)).toBe(true);
    }
    expect((await list(other.owner)).json()).toEqual({ data: [], total: 0 });
    expect(await row(k.id)).toMatchObject({ keyword: "Secret", status: "active" });
    // the same keyword is free in the other company
    expect((await add(other.owner, { keyword: "secret" })).keyword).toBe("secret");
  });

  it("refuses calls without a token", async () => {
    const res = await app.inject({ method: "GET", url: "/api/keywordList" });
    expect(res.statusCode).toBe(401);
  });
});

describe("matchKeyword (inbound SMS)", () => {
  it("finds the company's active keyword that the text is, without case", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const k = await add(owner, { keyword: "Join", auto_reply: "Hi" });
    const stop = await add(owner, { keyword: "STOP", type: "unsub", autoReplyStatus: "disable" });
    const { db } = app.deps.database;
    expect((await matchKeyword(db, companyId, "join"))?.id).toBe(k.id);
    expect((await matchKeyword(db, companyId, "  JOIN \n"))?.id).toBe(k.id);
    expect(await matchKeyword(db, companyId, "stop")).toMatchObject({ id: stop.id, type: "unsub" });
    for (const text of ["joi", "join now", "", "jo%n", "j_in"])
      expect(await matchKeyword(db, companyId, text), text).toBeUndefined();
    // another company's keyword never matches
    const other = await createCompany(app);
    expect(await matchKeyword(db, other.id, "join")).toBeUndefined();
    // deleted keywords no longer match
    await post("/deleteKeyword", { id: k.id }, owner);
    expect(await matchKeyword(db, companyId, "join")).toBeUndefined();
  });

  it("looks the text up on the unique keyword index", async () => {
    const { id: companyId } = await createCompany(app);
    const { database } = app.deps;
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw("set local enable_seqscan = off"));
      const r = await tx.execute(
        sql.raw(
          `explain select * from keywords where company_id = '${companyId}' and lower(keyword) = lower('join') and status <> 'deleted' and status = 'active' limit 1`,
        ),
      );
      return JSON.stringify(r);
    });
    expect(plan).toContain("keywords_company_keyword_key");
  });
});
