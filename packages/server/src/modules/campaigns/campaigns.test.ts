import { MESSAGES } from "@herald/domain";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiPost, createCompany, createUser, testApp } from "../../test/harness";
import {
  CAMPAIGN_DELETED,
  CAMPAIGN_DELETED_NOT_EDITABLE,
  CAMPAIGN_NAME_REQUIRED,
  CAMPAIGN_NAME_TOO_LONG,
  CAMPAIGN_NOT_FOUND,
  CAMPAIGNS_DELETED,
} from "./campaigns.messages";
import {
  campaignOptions,
  onCampaignDeleted,
  registerCampaignBroadcastResolver,
  registerCampaignDeleteHook,
} from "./campaigns.service";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

type Who = { token: string };
const post = (url: string, body: unknown, who: Who) => apiPost(app, url, body, { token: who.token });

interface CampaignBody {
  id: string;
  name: string;
  status: string;
  created_dtm: string;
  scheduled_dtm: string | null;
  broadcast_id: string | null;
  broadcast_name: string | null;
}

async function addCampaign(who: Who, name: string): Promise<CampaignBody> {
  const res = await post("/addCampaign", { name }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function list(who: Who, filter: Record<string, unknown> = {}): Promise<CampaignBody[]> {
  const res = await post("/campaignList", filter, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const statusOf = async (id: string) => {
  const result = await app.deps.database.query<{ status: string; deleted_at: Date | null }>(
    "select status, deleted_at from campaigns where id = $1",
    [id],
  );
  return result[0];
};

describe("/addCampaign", () => {
  it("creates a ready campaign with the trimmed name, and lists it", async () => {
    const { owner } = await createCompany(app);
    const c = await addCampaign(owner, "  Year End Sale ");
    expect(c).toMatchObject({
      name: "Year End Sale",
      status: "ready",
      scheduled_dtm: null,
      broadcast_id: null,
      broadcast_name: null,
    });
    expect(Date.parse(c.created_dtm)).not.toBeNaN();
    expect((await list(owner)).map((x) => x.id)).toEqual([c.id]);
  });

  it("answers 422 with the specification's text for a name already used, whatever the case", async () => {
    const { owner } = await createCompany(app);
    await addCampaign(owner, "Promo");
    for (const name of ["Promo", "PROMO", " promo "]) {
      const res = await post("/addCampaign", { name }, owner);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: "The campaign name already exists. Please use another name." });
      expect(res.json().message).toBe(MESSAGES.campaignNameExists);
    }
    expect(await list(owner)).toHaveLength(1);
  });

  it("lets another company use the same name", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    await addCampaign(a.owner, "Shared Name");
    await addCampaign(b.owner, "Shared Name");
  });

  it("allows the name of a deleted campaign again", async () => {
    const { owner } = await createCompany(app);
    const old = await addCampaign(owner, "Reuse");
    expect((await post("/deleteCampaign", { selectedRows: [old.id] }, owner)).statusCode).toBe(200);
    const again = await addCampaign(owner, "reuse");
    expect(again.id).not.toBe(old.id);
    // renaming onto a deleted campaign's name is fine too
    const other = await addCampaign(owner, "Other");
    await post("/deleteCampaign", { selectedRows: [again.id] }, owner);
    const renamed = await post("/editCampaign", { id: other.id, name: "REUSE" }, owner);
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("requires a name of at most 50 characters (400 with the form's words)", async () => {
    const { owner } = await createCompany(app);
    const cases: [unknown, string][] = [
      [{}, CAMPAIGN_NAME_REQUIRED],
      [{ name: "" }, CAMPAIGN_NAME_REQUIRED],
      [{ name: "   " }, CAMPAIGN_NAME_REQUIRED],
      [{ name: "x".repeat(51) }, CAMPAIGN_NAME_TOO_LONG],
    ];
    for (const [body, message] of cases) {
      const res = await post("/addCampaign", body, owner);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(CAMPAIGN_NAME_REQUIRED).toBe("This is required");
    expect(CAMPAIGN_NAME_TOO_LONG).toBe("Campaign name cannot exceed 50 characters");
    await addCampaign(owner, "y".repeat(50));
    expect(await list(owner)).toHaveLength(1);
  });

  it("lets agents and supervisors create campaigns (sign-in is the only guard)", async () => {
    const co = await createCompany(app);
    const agent = await createUser(app, co.id, { role: "agent" });
    const supervisor = await createUser(app, co.id, { role: "supervisor" });
    await addCampaign(agent, "By Agent");
    await addCampaign(supervisor, "By Supervisor");
    expect((await list(co.owner)).map((c) => c.name).sort()).toEqual(["By Agent", "By Supervisor"]);
    const res = await post("/deleteCampaign", { selectedRows: (await list(agent)).map((c) => c.id) }, agent);
    expect(res.statusCode).toBe(200);
  });

  it("answers 401 without a token", async () => {
    const res = await apiPost(app, "/addCampaign", { name: "x" });
    expect(res.statusCode).toBe(401);
  });
});

describe("/campaignList", () => {
  it("lists newest first, deleted ones with status deleted, and filters by created date inclusively", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const a = await addCampaign(owner, "A");
    const b = await addCampaign(owner, "B");
    const c = await addCampaign(owner, "C");
    const db = app.deps.database.db;
    await db.execute(sql`update campaigns set created_at = '2026-01-01T10:00:00Z' where id = ${a.id}`);
    await db.execute(sql`update campaigns set created_at = '2026-01-03T10:00:00Z' where id = ${b.id}`);
    await db.execute(sql`update campaigns set created_at = '2026-01-05T10:00:00Z' where id = ${c.id}`);
    expect((await post("/deleteCampaign", { selectedRows: [b.id] }, owner)).statusCode).toBe(200);

    const all = await list(owner);
    expect(all.map((x) => x.name)).toEqual(["C", "B", "A"]);
    expect(all.map((x) => x.status)).toEqual(["ready", "deleted", "ready"]);

    const range = await list(owner, {
      isAdmin: 1,
      startDate: "2026-01-03T10:00:00.000Z",
      endDate: "2026-01-05T10:00:00.000Z",
    });
    expect(range.map((x) => x.name)).toEqual(["C", "B"]);
    expect((await list(owner, { startDate: "2026-01-04T00:00:00Z" })).map((x) => x.name)).toEqual(["C"]);
    expect((await list(owner, { endDate: "2026-01-02T00:00:00Z" })).map((x) => x.name)).toEqual(["A"]);
    expect(await list(owner, { startDate: "2026-02-01T00:00:00Z", endDate: "2026-01-01T00:00:00Z" })).toEqual(
      [],
    );
    // Options for the compose wizard: not deleted, by name.
    expect(await campaignOptions(db, companyId)).toEqual([
      { id: a.id, name: "A" },
      { id: c.id, name: "C" },
    ]);
  });

  it("orders campaigns created in the same instant by id, descending", async () => {
    const { owner } = await createCompany(app);
    const x = await addCampaign(owner, "X");
    const y = await addCampaign(owner, "Y");
    await app.deps.database.db.execute(
      sql`update campaigns set created_at = '2026-03-01T00:00:00Z' where id in (${x.id}, ${y.id})`,
    );
    const ids = (await list(owner)).map((c) => c.id);
    expect(ids).toEqual([x.id, y.id].sort().reverse());
  });

  it("rejects a malformed date with 400", async () => {
    const { owner } = await createCompany(app);
    const res = await post("/campaignList", { startDate: "yesterday" }, owner);
    expect(res.statusCode).toBe(400);
  });

  it("never shows another company's campaigns", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    await addCampaign(a.owner, "Only A");
    expect(await list(b.owner)).toEqual([]);
    expect(await campaignOptions(app.deps.database.db, b.id)).toEqual([]);
  });

  it("shows the latest broadcast a registered resolver reports", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const c = await addCampaign(owner, "With Broadcast");
    const broadcastId = "0190a000-0000-7000-8000-000000000001";
    cleanups.push(
      registerCampaignBroadcastResolver(async (_db, company, ids) => {
        const found = new Map<string, { id: string; name: string }>();
        if (company === companyId && ids.includes(c.id))
          found.set(c.id, { id: broadcastId, name: "Blast 1" });
        return found;
      }),
    );
    expect((await list(owner))[0]).toMatchObject({ broadcast_id: broadcastId, broadcast_name: "Blast 1" });
    const got = await post("/getCampaign", { id: c.id }, owner);
    expect(got.json()).toMatchObject({ broadcast_id: broadcastId, broadcast_name: "Blast 1" });
  });
});

describe("/getCampaign", () => {
  it("returns the campaign; 404 for another company's or an unknown id; 400 for a malformed id", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const c = await addCampaign(a.owner, "Details");
    const res = await post("/getCampaign", { id: c.id }, a.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(c);

    const other = await post("/getCampaign", { id: c.id }, b.owner);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: CAMPAIGN_NOT_FOUND });
    const unknown = await post("/getCampaign", { id: "0190a000-0000-7000-8000-00000000ffff" }, a.owner);
    expect(unknown.statusCode).toBe(404);
    expect((await post("/getCampaign", { id: "nope" }, a.owner)).statusCode).toBe(400);
  });
});

describe("/editCampaign", () => {
  it("renames; a case-only change of its own name is fine", async () => {
    const { owner } = await createCompany(app);
    const c = await addCampaign(owner, "Launch");
    const res = await post("/editCampaign", { id: c.id, name: " Launch Day " }, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, name: "Launch Day", status: "ready" });
    const again = await post("/editCampaign", { id: c.id, name: "LAUNCH DAY" }, owner);
    expect(again.statusCode).toBe(200);
    expect((await list(owner)).map((x) => x.name)).toEqual(["LAUNCH DAY"]);
  });

  it("answers 422 with the specification's text when another live campaign has the name", async () => {
    const { owner } = await createCompany(app);
    await addCampaign(owner, "First");
    const second = await addCampaign(owner, "Second");
    const res = await post("/editCampaign", { id: second.id, name: "first" }, owner);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: MESSAGES.campaignNameExists });
    expect((await list(owner)).map((x) => x.name).sort()).toEqual(["First", "Second"]);
  });

  it("validates the name like add", async () => {
    const { owner } = await createCompany(app);
    const c = await addCampaign(owner, "Valid");
    const blank = await post("/editCampaign", { id: c.id, name: " " }, owner);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: CAMPAIGN_NAME_REQUIRED });
    const long = await post("/editCampaign", { id: c.id, name: "z".repeat(51) }, owner);
    expect(long.json()).toEqual({ message: CAMPAIGN_NAME_TOO_LONG });
  });

  it("answers 409 for a deleted campaign and 404 for another company's", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const c = await addCampaign(a.owner, "Gone");
    const other = await post("/editCampaign", { id: c.id, name: "Stolen" }, b.owner);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: CAMPAIGN_NOT_FOUND });
    await post("/deleteCampaign", { selectedRows: [c.id] }, a.owner);
    const res = await post("/editCampaign", { id: c.id, name: "Back" }, a.owner);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: CAMPAIGN_DELETED_NOT_EDITABLE });
    expect((await list(a.owner))[0]).toMatchObject({ name: "Gone", status: "deleted" });
  });
});

describe("/deleteCampaign", () => {
  it("marks the selected campaigns deleted; deleting twice is harmless", async () => {
    const { owner } = await createCompany(app);
    const a = await addCampaign(owner, "One");
    const b = await addCampaign(owner, "Two");
    const keep = await addCampaign(owner, "Three");
    const res = await post("/deleteCampaign", { selectedRows: [a.id, b.id] }, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CAMPAIGNS_DELETED });
    expect((await statusOf(a.id))?.status).toBe("deleted");
    expect((await statusOf(a.id))?.deleted_at).not.toBeNull();
    expect((await statusOf(keep.id))?.status).toBe("ready");

    const twice = await post("/deleteCampaign", { selectedRows: [a.id] }, owner);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual({ message: CAMPAIGN_DELETED });
    const byName = Object.fromEntries((await list(owner)).map((c) => [c.name, c.status]));
    expect(byName).toEqual({ One: "deleted", Two: "deleted", Three: "ready" });
  });

  it("changes nothing and answers 404 when one id is another company's", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const mine = await addCampaign(a.owner, "Mine");
    const theirs = await addCampaign(b.owner, "Theirs");
    const res = await post("/deleteCampaign", { selectedRows: [mine.id, theirs.id] }, a.owner);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: CAMPAIGN_NOT_FOUND });
    expect((await statusOf(mine.id))?.status).toBe("ready");
    expect((await statusOf(theirs.id))?.status).toBe("ready");
    const only = await post("/deleteCampaign", { selectedRows: [theirs.id] }, a.owner);
    expect(only.statusCode).toBe(404);
    expect((await statusOf(theirs.id))?.status).toBe("ready");
  });

  it("answers 400 when nothing is selected or an id is malformed", async () => {
    const { owner } = await createCompany(app);
    expect((await post("/deleteCampaign", { selectedRows: [] }, owner)).statusCode).toBe(400);
    expect((await post("/deleteCampaign", {}, owner)).statusCode).toBe(400);
    expect((await post("/deleteCampaign", { selectedRows: ["x"] }, owner)).statusCode).toBe(400);
  });

  it("runs registered hooks in the delete's transaction with the newly deleted ids", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const a = await addCampaign(owner, "Hooked A");
    const b = await addCampaign(owner, "Hooked B");
    await post("/deleteCampaign", { selectedRows: [b.id] }, owner);
    const calls: { companyId: string; ids: string[]; seen: string[] }[] = [];
    cleanups.push(
      registerCampaignDeleteHook(async (tx, company, ids) => {
        if (company !== companyId) return;
        // The hook sees the delete's uncommitted writes: it runs on the same transaction.
        const result = await tx.execute(
          sql`select status from campaigns where id = any(${`{${ids.join(",")}}`}::uuid[])`,
        );
        const seenRows = ((result as unknown as { rows?: { status: string }[] }).rows ??
          (result as unknown as { status: string }[])) as { status: string }[];
        calls.push({ companyId: company, ids, seen: seenRows.map((r) => r.status) });
      }),
    );
    const res = await post("/deleteCampaign", { selectedRows: [a.id, b.id] }, owner);
    expect(res.statusCode).toBe(200);
    expect(calls).toEqual([{ companyId, ids: [a.id], seen: ["deleted"] }]);

    // Nothing newly deleted: the hooks are not called.
    await post("/deleteCampaign", { selectedRows: [a.id] }, owner);
    expect(calls).toHaveLength(1);
  });

  it("rolls the delete back when a hook throws", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const c = await addCampaign(owner, "Protected");
    let ran = false;
    cleanups.push(
      onCampaignDeleted(async (tx, company) => {
        if (company !== companyId) return;
        await tx.execute(sql`update campaigns set name = 'changed by hook' where id = ${c.id}`);
        ran = true;
        throw new Error("broadcast cascade failed");
      }),
    );
    const res = await post("/deleteCampaign", { selectedRows: [c.id] }, owner);
    expect(res.statusCode).toBe(500);
    expect(ran).toBe(true);
    const after = await post("/getCampaign", { id: c.id }, owner);
    expect(after.json()).toMatchObject({ name: "Protected", status: "ready" });
    expect((await statusOf(c.id))?.deleted_at).toBeNull();
  });

  it("stops calling a hook once it is removed", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const c = await addCampaign(owner, "Unhooked");
    let calls = 0;
    const remove = registerCampaignDeleteHook(async (_tx, company) => {
      if (company === companyId) calls++;
    });
    remove();
    expect((await post("/deleteCampaign", { selectedRows: [c.id] }, owner)).statusCode).toBe(200);
    expect(calls).toBe(0);
  });
});
