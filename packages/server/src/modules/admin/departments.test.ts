import type { FastifyInstance } from "fastify";
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { departments, userDepartments } from "../../db/schema";
import {
  apiPost,
  auth,
  countQueries,
  createCompany,
  createUser,
  type TestCompany,
  type TestUser,
  testApp,
} from "../../test/harness";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const post = (url: string, payload: unknown, u: { token: string }) =>
  apiPost(app, url, payload, { token: u.token });

const list = (u: { token: string }, query: Record<string, string | number> = {}) =>
  app.inject({
    method: "GET",
    url: "/api/departments",
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: auth(u),
  });

/** Departments inserted directly (name, description), created by `creator`. */
async function seed(company: TestCompany, rows: [string, string?][], creator: TestUser = company.owner) {
  return app.deps.database.db
    .insert(departments)
    .values(
      rows.map(([name, description]) => ({
        companyId: company.id,
        name,
        description: description ?? "",
        createdBy: creator.id,
      })),
    )
    .returning({ id: departments.id, name: departments.name });
}

const join = (userId: string, departmentId: string) =>
  app.deps.database.db.insert(userDepartments).values({ userId, departmentId });

const names = (res: { json: () => { data: { name: string }[] } }) => res.json().data.map((d) => d.name);

const deptIds = async (companyId: string) =>
  (
    await app.deps.database.query<{ id: string }>("select id from departments where company_id = $1", [
      companyId,
    ])
  ).map((r) => r.id);

describe("GET /departments", () => {
  it("pages, counts and sorts the company's departments in one query per page", async () => {
    const company = await createCompany(app);
    await seed(
      company,
      Array.from({ length: 7 }, (_, i) => [`Dept ${String(i).padStart(2, "0")}`, `about ${6 - i}`]),
    );
    await list(company.owner); // the actor is cached from here on
    const first = await countQueries(() => list(company.owner, { page: 1, pageSize: 3 }));
    expect(first.result.statusCode).toBe(200);
    expect(first.count, first.queries.join("\n")).toBe(1);
    expect(first.result.json().total).toBe(7);
    expect(names(first.result)).toEqual(["Dept 00", "Dept 01", "Dept 02"]);

    const last = await countQueries(() => list(company.owner, { page: 3, pageSize: 3 }));
    expect(last.count, last.queries.join("\n")).toBe(1);
    expect(names(last.result)).toEqual(["Dept 06"]);
    expect(last.result.json().total).toBe(7);

    const byDesc = await list(company.owner, { sort: "desc", order: "asc", pageSize: 2 });
    expect(byDesc.json().data.map((d: { desc: string }) => d.desc)).toEqual(["about 0", "about 1"]);
    const nameDesc = await list(company.owner, { sort: "name", order: "desc", pageSize: 1 });
    expect(names(nameDesc)).toEqual(["Dept 06"]);
  });

  it("answers the total even past the last page", async () => {
    const company = await createCompany(app);
    await seed(company, [["Only"]]);
    const res = await list(company.owner, { page: 5, pageSize: 100 });
    expect(res.json()).toEqual({ data: [], total: 1 });
  });

  it("searches name and description without case, taking % and _ literally", async () => {
    const company = await createCompany(app);
    await seed(company, [
      ["Sales", "Front desk"],
      ["Support", "Help for SALES leads"],
      ["100% Club", "top"],
      ["Ops_Team", "ops"],
      ["OpsXTeam", "not a match for the underscore"],
      ["Finance", "money"],
    ]);
    expect(names(await list(company.owner, { search: "sales" })).sort()).toEqual(["Sales", "Support"]);
    const percent = await list(company.owner, { search: "%" });
    expect(names(percent)).toEqual(["100% Club"]);
    expect(percent.json().total).toBe(1);
    expect(names(await list(company.owner, { search: "s_t" }))).toEqual(["Ops_Team"]);
    expect(names(await list(company.owner, { search: "  " }))).toHaveLength(6);
    expect((await list(company.owner, { search: "nothing like it" })).json()).toEqual({ data: [], total: 0 });
  });

  it("shows the creator's first name and the creation time; any signed-in user may list", async () => {
    const company = await createCompany(app);
    const agent = await createUser(app, company.id, { role: "agent" });
    await seed(company, [["Sales", "desk"]]);
    const res = await list(agent);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      name: "Sales",
      desc: "desk",
      creatorFirstName: "Test",
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it("never lists another company's departments", async () => {
    const mine = await createCompany(app);
    const theirs = await createCompany(app);
    await seed(mine, [["Mine"]]);
    await seed(theirs, [["Theirs"], ["Mine too"]]);
    const res = await list(mine.owner, { pageSize: 500 });
    expect(res.json()).toMatchObject({ total: 1 });
    expect(names(res)).toEqual(["Mine"]);
  });

  it("needs a signed-in user", async () => {
    const res = await app.inject({ method: "GET", url: "/api/departments" });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /addDept", () => {
  it("creates a trimmed department created by the caller and answers it with 201", async () => {
    const company = await createCompany(app);
    const res = await post(
      "/addDept",
      { name: "  Sales  ", desc: " Front desk ", userId: company.owner.id },
      company.owner,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: "Sales", desc: "Front desk", creatorFirstName: "Test" });
    const rows = await app.deps.database.query<{ name: string; created_by: string }>(
      "select name, created_by from departments where company_id = $1",
      [company.id],
    );
    expect(rows).toEqual([{ name: "Sales", created_by: company.owner.id }]);
    expect(names(await list(company.owner))).toEqual(["Sales"]);
  });

  it("accepts a missing or null description and exactly 50 / 255 characters", async () => {
    const company = await createCompany(app);
    expect((await post("/addDept", { name: "A" }, company.owner)).json().desc).toBe("");
    expect((await post("/addDept", { name: "B", desc: null }, company.owner)).json().desc).toBe("");
    const full = await post("/addDept", { name: "n".repeat(50), desc: "d".repeat(255) }, company.owner);
    expect(full.statusCode).toBe(201);
  });

  it.each([
    [{}, "This is required"],
    [{ name: "" }, "This is required"],
    [{ name: "   " }, "This is required"],
    [{ name: "n".repeat(51) }, "Department name cannot exceed 50 characters"],
    [{ name: "Ok", desc: "d".repeat(256) }, "Description cannot exceed 255 characters"],
  ])("refuses %j with %s and writes nothing", async (body, message) => {
    const company = await createCompany(app);
    const res = await post("/addDept", body, company.owner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await deptIds(company.id)).toEqual([]);
  });

  it("refuses a name the company already has, whatever its case and spaces, but not another company's", async () => {
    const company = await createCompany(app);
    const other = await createCompany(app);
    await seed(company, [["Sales"]]);
    for (const name of ["Sales", "SALES", "  sales "]) {
      const res = await post("/addDept", { name }, company.owner);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: "Department name already exists" });
    }
    expect(await deptIds(company.id)).toHaveLength(1);
    expect((await post("/addDept", { name: "Sales" }, other.owner)).statusCode).toBe(201);
  });

  it("lets one of two simultaneous adds of the same name win and answers the other 409", async () => {
    const company = await createCompany(app);
    const admin2 = await createUser(app, company.id, { role: "admin" });
    const results = await Promise.all([
      post("/addDept", { name: "Race" }, company.owner),
      post("/addDept", { name: "race" }, admin2),
      post("/addDept", { name: "RACE" }, company.owner),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await deptIds(company.id)).toHaveLength(1);
  });

  it("is for admins only: supervisors and agents get 403 and nothing is written", async () => {
    const company = await createCompany(app);
    for (const role of ["supervisor", "agent"] as const) {
      const u = await createUser(app, company.id, { role });
      const res = await post("/addDept", { name: `By ${role}` }, u);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "Invalid Access" });
    }
    expect(await deptIds(company.id)).toEqual([]);
  });
});

describe("POST /getDept", () => {
  it("answers the department to an admin", async () => {
    const company = await createCompany(app);
    const [d] = await seed(company, [["Sales", "desk"]]);
    const res = await post("/getDept", { id: d!.id }, company.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: d!.id, name: "Sales", desc: "desk", creatorFirstName: "Test" });
  });

  it("answers 404 for another company's department and for an unknown id, with the same body", async () => {
    const company = await createCompany(app);
    const other = await createCompany(app);
    const [d] = await seed(other, [["Secret", "hidden"]]);
    const theirs = await post("/getDept", { id: d!.id }, company.owner);
    const unknown = await post("/getDept", { id: "0190a0a0-0000-7000-8000-000000000000" }, company.owner);
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);
    expect(theirs.body).not.toContain("Secret");
  });

  it("refuses supervisors and agents, and a malformed id", async () => {
    const company = await createCompany(app);
    const [d] = await seed(company, [["Sales"]]);
    for (const role of ["supervisor", "agent"] as const) {
      const u = await createUser(app, company.id, { role });
      expect((await post("/getDept", { id: d!.id }, u)).statusCode).toBe(403);
    }
    expect((await post("/getDept", { id: "nope" }, company.owner)).statusCode).toBe(400);
  });
});

describe("POST /editDept", () => {
  it("renames and redescribes (trimmed) and answers the success message", async () => {
    const company = await createCompany(app);
    const [d] = await seed(company, [["Sales", "old"]]);
    const res = await post("/editDept", { id: d!.id, name: " Sales Team ", desc: " new " }, company.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Data Update Successful !" });
    const got = await post("/getDept", { id: d!.id }, company.owner);
    expect(got.json()).toMatchObject({ name: "Sales Team", desc: "new" });
  });

  it("keeps its own name in another case, and refuses a name another department has", async () => {
    const company = await createCompany(app);
    const [sales, support] = await seed(company, [["Sales"], ["Support"]]);
    expect((await post("/editDept", { id: sales!.id, name: "SALES" }, company.owner)).statusCode).toBe(200);
    const clash = await post("/editDept", { id: support!.id, name: " sales " }, company.owner);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: "Department name already exists" });
    expect(names(await list(company.owner))).toEqual(["SALES", "Support"]);
  });

  it.each([
    [{ name: "" }, "Department name is required"],
    [{ name: "  " }, "Department name is required"],
    [{}, "Department name is required"],
    [{ name: "n".repeat(51) }, "Department name cannot exceed 50 characters"],
    [{ name: "Ok", desc: "d".repeat(256) }, "Description cannot exceed 255 characters"],
  ])("refuses %j with %s and changes nothing", async (over, message) => {
    const company = await createCompany(app);
    const [d] = await seed(company, [["Sales", "desk"]]);
    const res = await post("/editDept", { id: d!.id, ...over }, company.owner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await post("/getDept", { id: d!.id }, company.owner)).json()).toMatchObject({
      name: "Sales",
      desc: "desk",
    });
  });

  it("answers 404 for another company's department and leaves it alone", async () => {
    const company = await createCompany(app);
    const other = await createCompany(app);
    const [d] = await seed(other, [["Theirs"]]);
    await seed(company, [["Mine"]]);
    // even with a name the caller's company already uses: nothing about the other department leaks
    for (const name of ["Renamed", "Mine"]) {
      const res = await post("/editDept", { id: d!.id, name }, company.owner);
      expect(res.statusCode).toBe(404);
    }
    expect(names(await list(other.owner))).toEqual(["Theirs"]);
  });

  it("is for admins only", async () => {
    const company = await createCompany(app);
    const [d] = await seed(company, [["Sales"]]);
    for (const role of ["supervisor", "agent"] as const) {
      const u = await createUser(app, company.id, { role });
      const res = await post("/editDept", { id: d!.id, name: "Hacked" }, u);
      expect(res.statusCode).toBe(403);
    }
    expect(names(await list(company.owner))).toEqual(["Sales"]);
  });
});

describe("POST /deleteDept", () => {
  it("deletes the selected rows (only their ids count) and answers the success message", async () => {
    const company = await createCompany(app);
    const [a, b, c] = await seed(company, [["A"], ["B"], ["C"]]);
    const rows = [a!, b!].map((d) => ({ ...d, desc: "whatever", creatorFirstName: "X" }));
    const res = await post("/deleteDept", rows, company.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Data Deleted Successful !" });
    expect(await deptIds(company.id)).toEqual([c!.id]);
  });

  it("refuses a department that still has users, naming it and the count, and deletes nothing", async () => {
    const company = await createCompany(app);
    const [empty, sales, support] = await seed(company, [["Empty"], ["Sales"], ["Support"]]);
    for (let i = 0; i < 3; i++) await join((await createUser(app, company.id)).id, sales!.id);
    await join((await createUser(app, company.id)).id, support!.id);

    const many = await post("/deleteDept", [{ id: empty!.id }, { id: sales!.id }], company.owner);
    expect(many.statusCode).toBe(409);
    expect(many.json()).toEqual({
      message: "Sales still has 3 users. Move them to another department first.",
    });
    const one = await post("/deleteDept", [{ id: support!.id }], company.owner);
    expect(one.json()).toEqual({
      message: "Support still has 1 user. Move them to another department first.",
    });
    expect(await deptIds(company.id)).toHaveLength(3);
  });

  it("does not count deleted users, and removes their memberships", async () => {
    const company = await createCompany(app);
    const [d] = await seed(company, [["Old"]]);
    const gone = await createUser(app, company.id, { status: "deleted" });
    await join(gone.id, d!.id);
    const res = await post("/deleteDept", [{ id: d!.id }], company.owner);
    expect(res.statusCode).toBe(200);
    const left = await app.deps.database.query("select 1 from user_departments where user_id = $1", [
      gone.id,
    ]);
    expect(left).toEqual([]);
    expect(await deptIds(company.id)).toEqual([]);
  });

  it("is all or nothing: one id of another company (or unknown) answers 404 and deletes nothing", async () => {
    const company = await createCompany(app);
    const other = await createCompany(app);
    const [mine] = await seed(company, [["Mine"]]);
    const [theirs] = await seed(other, [["Theirs"]]);
    const res = await post("/deleteDept", [{ id: mine!.id }, { id: theirs!.id }], company.owner);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Theirs");
    const unknown = await post(
      "/deleteDept",
      [{ id: mine!.id }, { id: "0190a0a0-0000-7000-8000-000000000000" }],
      company.owner,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(res.body);
    expect(await deptIds(company.id)).toEqual([mine!.id]);
    expect(await deptIds(other.id)).toEqual([theirs!.id]);
  });

  it("does not tell another company's admin whether the department has users", async () => {
    const company = await createCompany(app);
    const other = await createCompany(app);
    const [theirs] = await seed(other, [["Busy"]]);
    await join((await createUser(app, other.id)).id, theirs!.id);
    const res = await post("/deleteDept", [{ id: theirs!.id }], company.owner);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Busy");
  });

  it("accepts the same row twice", async () => {
    const company = await createCompany(app);
    const [d] = await seed(company, [["Twice"]]);
    const res = await post("/deleteDept", [{ id: d!.id }, { id: d!.id }], company.owner);
    expect(res.statusCode).toBe(200);
    expect(await deptIds(company.id)).toEqual([]);
  });

  it.each([[[]], [{}], [[{ name: "no id" }]], [[{ id: "not-a-uuid" }]]])(
    "answers 400 to a malformed body %j",
    async (body) => {
      const company = await createCompany(app);
      await seed(company, [["Keep"]]);
      const res = await post("/deleteDept", body, company.owner);
      expect(res.statusCode).toBe(400);
      expect(await deptIds(company.id)).toHaveLength(1);
    },
  );

  it("is for admins only", async () => {
    const company = await createCompany(app);
    const [d] = await seed(company, [["Keep"]]);
    for (const role of ["supervisor", "agent"] as const) {
      const u = await createUser(app, company.id, { role });
      const res = await post("/deleteDept", [{ id: d!.id }], u);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "Invalid Access" });
    }
    expect(await deptIds(company.id)).toEqual([d!.id]);
  });

  it("costs a bounded number of queries whatever the number of rows", async () => {
    const company = await createCompany(app);
    const rows = await seed(
      company,
      Array.from({ length: 40 }, (_, i) => [`D${i}`]),
    );
    await list(company.owner);
    const { count, queries, result } = await countQueries(() =>
      post(
        "/deleteDept",
        rows.map((r) => ({ id: r.id })),
        company.owner,
      ),
    );
    expect(result.statusCode).toBe(200);
    // lock, check for users, one audit insert for all of them, the two deletes
    expect(count, queries.join("\n")).toBeLessThanOrEqual(5);
  });

  it.runIf(Boolean(inject("databaseUrl")))(
    "waits for a user being added to the department and then refuses (PostgreSQL)",
    async () => {
      const company = await createCompany(app);
      const [d] = await seed(company, [["Contended"]]);
      const client = new pg.Client({ connectionString: inject("databaseUrl") });
      await client.connect();
      try {
        await client.query("begin");
        const u = await createUser(app, company.id);
        // an add of a user into the department, not yet committed: its foreign key check locks the row
        await client.query("insert into user_departments (user_id, department_id) values ($1, $2)", [
          u!.id,
          d!.id,
        ]);
        const pending = post("/deleteDept", [{ id: d!.id }], company.owner);
        const raced = await Promise.race([
          pending.then(() => "answered"),
          new Promise((r) => setTimeout(() => r("waiting"), 500)),
        ]);
        expect(raced).toBe("waiting");
        await client.query("commit");
        const res = await pending;
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe("Contended still has 1 user. Move them to another department first.");
        expect(await deptIds(company.id)).toEqual([d!.id]);
      } finally {
        await client.end();
      }
    },
  );
});
