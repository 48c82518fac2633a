import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MESSAGES } from "@herald/domain";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, auth, createCompany, testApp } from "../../test/harness";
import { ISSUE } from "./contacts.messages";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

type Who = { token: string };
const get = (url: string, who: Who) => app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });
const post = (url: string, body: unknown, who: Who) => apiPost(app, url, body, { token: who.token });

function upload(who: Who, csv: string, query = "") {
  const boundary = `----herald${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: "POST",
    url: `/api/addContacts${query}`,
    payload,
    headers: { ...auth(who), "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

/** `n` contacts in one statement, the newest being number 0 ("Bulk 0"), each one millisecond older than the last. */
async function insertMany(companyId: string, n: number, prefix = "6580") {
  await app.deps.database.query(
    `insert into contacts (id, company_id, mobile, name, created_at)
     select gen_random_uuid(), $1, $3 || lpad(i::text, 7, '0'), 'Bulk ' || i,
            now() - interval '1 hour' - i * interval '1 millisecond'
       from generate_series(0, $2 - 1) i`,
    [companyId, n, prefix],
  );
}

/** The stored count and the real one. */
async function counts(companyId: string) {
  const [r] = await app.deps.database.query<{ kept: string | number | null; real: string | number }>(
    `select (select contacts from contact_counts where company_id = $1) as kept,
            (select count(*) from contacts where company_id = $1) as real`,
    [companyId],
  );
  return { kept: Number(r?.kept ?? 0), real: Number(r!.real) };
}

interface ListBody {
  data: { id: string; name: string; mobile: string }[];
  nextCursor: string | null;
  total?: number;
  totalExact?: boolean;
  page?: number;
}
const list = async (who: Who, query: string): Promise<ListBody> => {
  const res = await get(`/contacts?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("contact totals at scale: an exact count kept with every write, and a real last page", () => {
  it("reports 10,197 contacts exactly on every page and jumps to the last page's last rows", {
    timeout: 120_000,
  }, async () => {
    const { id, owner } = await createCompany(app);
    await insertMany(id, 10_197);
    const first = await list(owner, "limit=100");
    expect(first).toMatchObject({ total: 10_197, totalExact: true });
    expect(first.data[0]!.name).toBe("Bulk 0");
    const second = await list(owner, `limit=100&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ total: 10_197, totalExact: true });
    expect(second.data[0]!.name).toBe("Bulk 100");

    // page 102 of 100 rows: the last 97 contacts, the oldest last, and no page after it
    const last = await list(owner, "limit=100&page=102");
    expect(last).toMatchObject({ page: 102, total: 10_197, nextCursor: null });
    expect(last.data).toHaveLength(97);
    expect(last.data[0]!.name).toBe("Bulk 10100");
    expect(last.data.at(-1)!.name).toBe("Bulk 10196");
    // a page past the end serves the last page; a page in the first half is found from the top
    expect((await list(owner, "limit=100&page=9999")).page).toBe(102);
    const jumped = await list(owner, "limit=100&page=2");
    expect(jumped.data.map((c) => c.id)).toEqual(second.data.map((c) => c.id));
    // pages past the middle are found from the end of the list, the others from its start
    const fromEnd = await list(owner, "limit=500&page=12");
    expect(fromEnd.data[0]!.name).toBe("Bulk 5500");
    const afterIt = await list(owner, `limit=500&cursor=${fromEnd.nextCursor}`);
    expect(afterIt.data[0]!.name).toBe("Bulk 6000");
    expect((await list(owner, "limit=500&page=10")).data[0]!.name).toBe("Bulk 4500");

    // a search counts its matches up to 10,000 and says so
    const search = await list(owner, "limit=100&search=bulk");
    expect(search).toMatchObject({ total: 10_000, totalExact: false });
    const few = await list(owner, "limit=100&search=bulk%201019");
    expect(few).toMatchObject({ total: 8, totalExact: true });
    expect(await counts(id)).toEqual({ kept: 10_197, real: 10_197 });
  });

  it("keeps the count right through forms, imports, updates, bulk deletes, group deletes and another company", async () => {
    const { id, owner } = await createCompany(app);
    const other = await createCompany(app);
    await insertMany(other.id, 5, "6581");
    const added = await post(
      "/addContact?groupName=VIP",
      { contactName: "Ann", contactNumber: "6591110001" },
      owner,
    );
    expect(added.statusCode, added.body).toBe(200);
    const imported = await upload(
      owner,
      "mobile,name\n6591110001,Ann Again\n6591110002,Ben\n6591110003,Cai\n12345,Short\n",
      "?groupName=VIP",
    );
    expect(imported.statusCode, imported.body).toBe(409);
    expect((await list(owner, "limit=10")).total).toBe(3);
    expect(await counts(id)).toEqual({ kept: 3, real: 3 });
    // re-import with update: the existing number is updated, nothing is counted twice
    const again = await upload(owner, "mobile,name\n6591110001,Ann Tan\n6591110004,Dee\n", "?update=true");
    expect(again.statusCode, again.body).toBe(200);
    expect(await counts(id)).toEqual({ kept: 4, real: 4 });
    const all = (await list(owner, "limit=10")).data;
    const ids = all.filter((c) => c.name !== "Ann Tan").map((c) => c.id);
    expect((await post("/deleteContacts", { selectedRows: ids.slice(0, 2) }, owner)).statusCode).toBe(200);
    expect(await counts(id)).toEqual({ kept: 2, real: 2 });
    // an all-or-nothing delete that fails leaves the count alone
    const refused = await post("/deleteContacts", { selectedRows: [ids[2]!, ids[0]!] }, owner);
    expect(refused.statusCode).toBe(404);
    expect(await counts(id)).toEqual({ kept: 2, real: 2 });
    const groups = (await get("/groups", owner)).json().data as { id: string }[];
    expect((await post("/deleteGroup", { id: groups[0]!.id }, owner)).statusCode).toBe(200);
    expect(await counts(id)).toEqual({ kept: 2, real: 2 });
    expect((await list(owner, "limit=10")).total).toBe(2);
    expect(await counts(other.id)).toEqual({ kept: 5, real: 5 });
    // a company's deletion takes its count with it
    await app.deps.database.query("delete from companies where id = $1", [other.id]);
    const [gone] = await app.deps.database.query<{ n: number }>(
      "select count(*)::int as n from contact_counts where company_id = $1",
      [other.id],
    );
    expect(gone!.n).toBe(0);
  });

  it("adds up concurrent writers of one company (forms, imports and deletes at once)", {
    timeout: 120_000,
  }, async () => {
    const { id, owner } = await createCompany(app);
    await insertMany(id, 300, "6582");
    const doomed = (await list(owner, "limit=50")).data.map((c) => c.id);
    const forms = Array.from({ length: 20 }, (_, i) =>
      post(
        "/addContact",
        { contactName: `Form ${i}`, contactNumber: `659220${String(i).padStart(4, "0")}` },
        owner,
      ),
    );
    const files = Array.from({ length: 4 }, (_, f) => {
      const rows = Array.from(
        { length: 50 },
        (_, i) => `659330${f}${String(i).padStart(3, "0")},File ${f}-${i}`,
      );
      return upload(owner, `mobile,name\n${rows.join("\n")}\n`);
    });
    const deletes = [0, 1, 2, 3, 4].map((k) =>
      post("/deleteContacts", { selectedRows: doomed.slice(k * 10, k * 10 + 10) }, owner),
    );
    const answers = await Promise.all([...forms, ...files, ...deletes]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(await counts(id)).toEqual({ kept: 300 + 20 + 200 - 50, real: 470 });
    expect((await list(owner, "limit=10")).total).toBe(470);
  });
});

describe("re-importing existing contacts with update", () => {
  it("updates names, e-mails and attributes of existing numbers and reports them as updated", async () => {
    const { owner } = await createCompany(app);
    const first = await upload(
      owner,
      "mobile,name,email,City,Tier\n6594440001,Ann,ann@old.example,Jurong,Gold\n6594440002,Ben,,Bedok,\n",
    );
    expect(first.statusCode, first.body).toBe(200);
    // without update: the existing numbers are problem rows, as before
    const plain = await upload(owner, "mobile,name\n6594440001,Ann Tan\n");
    expect(plain.statusCode).toBe(409);
    expect(plain.json().rows[0].issue).toBe(ISSUE.alreadyExists);

    const dry = await upload(
      owner,
      "mobile,name\n6594440001,Ann Tan\n6594440003,Cai\n",
      "?update=true&dryRun=true",
    );
    expect(dry.json()).toMatchObject({ imported: 1, updated: 1, rowsFailed: 0 });

    const res = await upload(
      owner,
      "mobile,name,email,City\n+65 9444 0001,Ann Tan,ann@new.example,Tampines\n6594440002,Ben Lim,,\n6594440003,Cai,,Yishun\n6594440003,Cai Twice,,\n",
      "?update=true&groupName=Updated",
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ imported: 1, updated: 2, duplicates: 1, invalid: 0, rowsFailed: 1 });
    expect(res.json().rows).toEqual([expect.objectContaining({ row: 4, issue: ISSUE.duplicateInFile })]);
    const ann = (await list(owner, "search=6594440001")).data[0] as unknown as {
      name: string;
      email: string;
      attributes: Record<string, string>;
      groups: { name: string }[];
    };
    expect(ann).toMatchObject({
      name: "Ann Tan",
      email: "ann@new.example",
      attributes: { City: "Tampines", Tier: "Gold" },
      groups: [{ name: "Updated" }],
    });
    const ben = (await list(owner, "search=6594440002")).data[0] as unknown as {
      name: string;
      attributes: object;
    };
    expect(ben).toMatchObject({ name: "Ben Lim", attributes: { City: "Bedok" } });
    const status = (await get(`/contactImports/${res.json().importId}`, owner)).json();
    expect(status).toMatchObject({ imported: 1, updated: 2 });
  });
});

describe("upload answers match the contract", () => {
  it('says which columns are expected under "Default Columns Not Found !"', async () => {
    const { owner } = await createCompany(app);
    const res = await upload(owner, "phone,full name\n6591234567,Ann\n");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MESSAGES.defaultColumnsNotFoundBang,
      detail:
        'The first two columns must be "mobile" then "name"; an "email" column and any other columns are optional. This file starts with "phone", "full name".',
    });
  });

  it("gives only the problem reasons openapi.yaml lists for ContactIssueRow.issue", async () => {
    const spec = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../../openapi.yaml"),
      "utf8",
    );
    const block = spec.slice(spec.indexOf("    ContactIssueRow:"), spec.indexOf("    ContactIssues:"));
    const listed = block.slice(block.indexOf("issue:")).replace(/\s+/g, " ");
    const { owner } = await createCompany(app);
    await upload(owner, "mobile,name\n6595550009,Existing\n");
    const res = await upload(
      owner,
      "mobile,name\n12345,Short\n1234567890123456,Long\n65955500ab,Letters\n1111111,Nowhere\n6595550001,\n6595550002,Ann\n6595550002,Ann\n6595550009,Existing\n,No Number\n",
    );
    expect(res.statusCode).toBe(409);
    const reasons = new Set((res.json().rows as { issue: string }[]).map((r) => r.issue));
    expect(reasons.size).toBe(7);
    for (const reason of reasons) expect(listed).toContain(`"${reason}"`);
    expect(listed).not.toContain("Invalid mobile number");
  });
});
