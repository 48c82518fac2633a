import { MESSAGES } from "@herald/domain";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { INVALID_CURSOR } from "../../lib/paging";
import { apiPost, auth, countQueries, createCompany, createUser, testApp } from "../../test/harness";
import {
  CONTACT_EXISTS,
  CONTACT_NOT_FOUND,
  GROUP_NOT_FOUND,
  INVALID_ATTRIBUTES,
  ISSUE,
} from "./contacts.messages";
import { normalizeContactMobile } from "./mobile";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

type Who = { token: string };
const post = (url: string, body: unknown, who: Who) => apiPost(app, url, body, { token: who.token });
const get = (url: string, who: Who) => app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });

let seq = 0;
/** A fresh valid Singapore mobile number (8 digits starting with 8 or 9), as the form sends it. */
const sgNumber = () => `659${String(1_000_000 + ((Date.now() + ++seq * 7919) % 8_999_999)).slice(-7)}`;

interface ContactBody {
  id: string;
  name: string;
  mobile: string;
  email: string | null;
  attributes: Record<string, string>;
  groups: { id: string; name: string; group_name: string }[];
}

async function addContact(who: Who, over: Record<string, unknown> = {}, query = ""): Promise<ContactBody> {
  const res = await post(
    `/addContact${query}`,
    { contactName: "Mei Ling", contactNumber: sgNumber(), ...over },
    who,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function addGroup(
  who: Who,
  name: string,
): Promise<{ id: string; name: string; total_recipients: number }> {
  const res = await post("/addGroup", { name }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("normalizeContactMobile", () => {
  it("stores E.164 digits: with country code, national numbers of the region, '+' and formatting", () => {
    expect(normalizeContactMobile("6591234567", "SG")).toEqual({ ok: true, mobile: "6591234567" });
    expect(normalizeContactMobile("+65 9123-4567", "SG")).toEqual({ ok: true, mobile: "6591234567" });
    expect(normalizeContactMobile("91234567", "SG")).toEqual({ ok: true, mobile: "6591234567" });
    expect(normalizeContactMobile("0060123456789", "SG")).toEqual({ ok: true, mobile: "60123456789" });
    expect(normalizeContactMobile("60123456789", "SG")).toEqual({ ok: true, mobile: "60123456789" });
    expect(normalizeContactMobile("0123456789", "MY")).toEqual({ ok: true, mobile: "60123456789" });
  });

  it("gives the contact form's messages as reasons", () => {
    expect(normalizeContactMobile("", "SG")).toEqual({ ok: false, reason: MESSAGES.contactNumberRequired });
    expect(normalizeContactMobile("12345", "SG")).toEqual({
      ok: false,
      reason: MESSAGES.contactNumberTooShort,
    });
    expect(normalizeContactMobile("1234567890123456", "SG")).toEqual({
      ok: false,
      reason: MESSAGES.contactNumberTooLong,
    });
    expect(normalizeContactMobile("65912345ab", "SG")).toEqual({
      ok: false,
      reason: MESSAGES.invalidContactNumber,
    });
    expect(normalizeContactMobile("1111111", "SG")).toEqual({
      ok: false,
      reason: MESSAGES.invalidContactNumber,
    });
  });
});

describe("addContact", () => {
  it("adds a contact with its number in E.164 digits, e-mail and attributes; any user of the company may", async () => {
    const { id: companyId } = await createCompany(app);
    const agent = await createUser(app, companyId, { role: "agent" });
    const c = await addContact(agent, {
      contactName: "  Tan Ah Kow ",
      contactNumber: "+6581234567",
      email: "ak@example.com",
      attributes: { age: "40", city: "Jurong" },
    });
    expect(c).toMatchObject({
      name: "Tan Ah Kow",
      mobile: "6581234567",
      email: "ak@example.com",
      attributes: { age: "40", city: "Jurong" },
      groups: [],
      channelType: null,
    });
  });

  it("reads a national number with the default country SG or the `country` parameter", async () => {
    const { owner } = await createCompany(app);
    expect((await addContact(owner, { contactNumber: "91230001" })).mobile).toBe("6591230001");
    expect((await addContact(owner, { contactNumber: "0123456789" }, "?country=MY")).mobile).toBe(
      "60123456789",
    );
    const bad = await post("/addContact?country=ZZ", { contactName: "x", contactNumber: "91230002" }, owner);
    expect(bad.statusCode).toBe(400);
  });

  it("refuses a missing name and bad numbers with the form's messages", async () => {
    const { owner } = await createCompany(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ contactName: "", contactNumber: "6591234567" }, "This is required"],
      [{ contactName: "   ", contactNumber: "6591234567" }, "This is required"],
      [{ contactNumber: "6591234567" }, "This is required"],
      [{ contactName: "A", contactNumber: "123456" }, MESSAGES.contactNumberTooShort],
      [{ contactName: "A", contactNumber: "1234567890123456" }, MESSAGES.contactNumberTooLong],
      [{ contactName: "A" }, MESSAGES.contactNumberRequired],
      [{ contactName: "A", contactNumber: "1111111" }, MESSAGES.invalidContactNumber],
    ];
    for (const [body, message] of cases) {
      const res = await post("/addContact", body, owner);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
  });

  it("answers 409 for a number the company already has (the same number written another way too)", async () => {
    const { owner } = await createCompany(app);
    const c = await addContact(owner);
    const again = await post("/addContact", { contactName: "B", contactNumber: `+${c.mobile}` }, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: CONTACT_EXISTS });
    // another company may hold the same number
    const other = await createCompany(app);
    await addContact(other.owner, { contactNumber: c.mobile });
  });

  it("puts the new contact into groups by id and by name (creating the named group)", async () => {
    const { owner } = await createCompany(app);
    const g = await addGroup(owner, "VIP");
    const c = await addContact(owner, {}, `?groupId=${g.id}&groupName=${encodeURIComponent("New Leads")}`);
    expect(c.groups.map((x) => x.name).sort()).toEqual(["New Leads", "VIP"]);
    const again = await addContact(owner, {}, `?groupName=${encodeURIComponent("new leads")}`);
    expect(again.groups.map((x) => x.name)).toEqual(["New Leads"]);
    const groups = (await get("/groups", owner)).json();
    expect(
      groups.data.map((x: { name: string; total_recipients: number }) => [x.name, x.total_recipients]),
    ).toEqual([
      ["New Leads", 2],
      ["VIP", 1],
    ]);
  });

  it("refuses attribute names that would reach an object's prototype, and oversized attributes", async () => {
    const { owner } = await createCompany(app);
    const raw = (body: string) =>
      app.inject({
        method: "POST",
        url: "/api/addContact",
        payload: body,
        headers: { ...auth(owner), "content-type": "application/json" },
      });
    const proto = await raw(
      '{"contactName":"A","contactNumber":"6591110001","attributes":{"__proto__":{"x":"1"}}}',
    );
    expect(proto.statusCode).toBe(400);
    for (const attributes of [
      { constructor: "x" },
      { prototype: "x" },
      { ok: "x".repeat(1001) },
      { "": "x" },
    ]) {
      const res = await post(
        "/addContact",
        { contactName: "A", contactNumber: "6591110002", attributes },
        owner,
      );
      expect(res.statusCode, JSON.stringify(attributes)).toBe(400);
      expect(res.json().message).toBe(INVALID_ATTRIBUTES);
    }
    expect((await get("/contacts", owner)).json().data).toEqual([]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("answers 404 for another company's group id and writes nothing", async () => {
    const { owner } = await createCompany(app);
    const other = await createCompany(app);
    const foreign = await addGroup(other.owner, "Theirs");
    const res = await post(
      "/addContact?groupId=" + foreign.id,
      { contactName: "A", contactNumber: "6591110000" },
      owner,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(GROUP_NOT_FOUND);
    expect((await get("/contacts", owner)).json().data).toEqual([]);
  });
});

describe("getContact, editContact, deleteContact(s)", () => {
  it("reads and edits a contact, replacing its groups and attributes", async () => {
    const { owner } = await createCompany(app);
    const a = await addGroup(owner, "A");
    const b = await addGroup(owner, "B");
    const c = await addContact(owner, { attributes: { age: "1" } }, `?groupId=${a.id}`);
    expect((await post("/getContact", { id: c.id }, owner)).json()).toMatchObject({
      id: c.id,
      groups: [{ id: a.id }],
    });
    const res = await post(
      "/editContact",
      {
        id: c.id,
        name: "Renamed",
        contactNumber: "6591112222",
        email: null,
        groupIds: [b.id],
        attributes: { x: "y" },
      },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Renamed",
      mobile: "6591112222",
      email: null,
      attributes: { x: "y" },
      groups: [{ id: b.id, name: "B", group_name: "B" }],
    });
    // omitted groupIds and attributes keep them
    const kept = await post("/editContact", { id: c.id, name: "Again", contactNumber: "6591112222" }, owner);
    expect(kept.json()).toMatchObject({ name: "Again", attributes: { x: "y" }, groups: [{ id: b.id }] });
    const counts = (await get("/groups", owner)).json().data;
    expect(
      counts.map((g: { name: string; total_recipients: number }) => [g.name, g.total_recipients]),
    ).toEqual([
      ["B", 1],
      ["A", 0],
    ]);
  });

  it("answers 409 when the new number belongs to another contact, 400 with the form's messages", async () => {
    const { owner } = await createCompany(app);
    const c1 = await addContact(owner);
    const c2 = await addContact(owner);
    const dup = await post("/editContact", { id: c2.id, name: "x", contactNumber: c1.mobile }, owner);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(CONTACT_EXISTS);
    const empty = await post("/editContact", { id: c2.id, name: "", contactNumber: c1.mobile }, owner);
    expect(empty.json()).toEqual({ message: "This is required" });
    const short = await post("/editContact", { id: c2.id, name: "x", contactNumber: "12" }, owner);
    expect(short.json()).toEqual({ message: MESSAGES.contactNumberTooShort });
  });

  it("deletes contacts with their memberships, all or nothing", async () => {
    const { owner } = await createCompany(app);
    const g = await addGroup(owner, "G");
    const c1 = await addContact(owner, {}, `?groupId=${g.id}`);
    const c2 = await addContact(owner, {}, `?groupId=${g.id}`);
    const c3 = await addContact(owner);
    const other = await createCompany(app);
    const foreign = await addContact(other.owner);
    const mixed = await post("/deleteContacts", { selectedRows: [c1.id, foreign.id] }, owner);
    expect(mixed.statusCode).toBe(404);
    expect((await post("/getContact", { id: c1.id }, owner)).statusCode).toBe(200);
    expect((await post("/deleteContacts", { selectedRows: [c1.id, c2.id] }, owner)).statusCode).toBe(200);
    expect((await post("/deleteContact", { id: c3.id }, owner)).statusCode).toBe(200);
    expect((await post("/getContact", { id: c3.id }, owner)).json()).toEqual({ message: CONTACT_NOT_FOUND });
    const group = (await post("/getGroup", { id: g.id }, owner)).json();
    expect(group).toMatchObject({ total_recipients: 0, groupMembers: [] });
    expect((await post("/deleteContacts", { selectedRows: [] }, owner)).statusCode).toBe(400);
  });

  it("gives another company's user 404 on every contact call", async () => {
    const { owner } = await createCompany(app);
    const c = await addContact(owner);
    const other = await createCompany(app);
    const o = other.owner;
    for (const [url, body] of [
      ["/getContact", { id: c.id }],
      ["/editContact", { id: c.id, name: "x", contactNumber: "6591113333" }],
      ["/deleteContact", { id: c.id }],
      ["/deleteContacts", { selectedRows: [c.id] }],
    ] as const) {
      const res = await post(url, body, o);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await get("/contacts", o)).json().data).toEqual([]);
    expect((await post("/getContact", { id: c.id }, owner)).json().name).toBe("Mei Ling");
  });

  it("refuses unauthenticated calls", async () => {
    expect((await app.inject({ method: "GET", url: "/api/contacts" })).statusCode).toBe(401);
    expect(
      (await apiPost(app, "/getContact", { id: "00000000-0000-7000-8000-000000000000" })).statusCode,
    ).toBe(401);
  });
});

describe("listContacts", () => {
  it("pages by keyset, newest first, with the exact total on every page and at most two queries per page", async () => {
    const { owner } = await createCompany(app);
    const made: string[] = [];
    for (let i = 0; i < 25; i++) made.push((await addContact(owner, { contactName: `Person ${i}` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/contacts?limit=10${cursor ? `&cursor=${cursor}` : ""}`, owner);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      // without a search the phone book's exact total comes with every page (openapi KeysetPage.total)
      expect(body).toMatchObject({ total: 25, totalExact: true });
      seen.push(...body.data.map((c: ContactBody) => c.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    const { count, queries } = await countQueries(() => get("/contacts?limit=10", owner));
    expect(count, queries.join("\n")).toBeLessThanOrEqual(2);
  });

  it("searches names (case-insensitive, contains) and numbers (digits anywhere)", async () => {
    const { owner } = await createCompany(app);
    await addContact(owner, { contactName: "Alice Tan", contactNumber: "6591230011" });
    await addContact(owner, { contactName: "Bob Lim", contactNumber: "6582220022" });
    await addContact(owner, { contactName: "50% Off_Shop", contactNumber: "6583330033" });
    const names = async (q: string) =>
      (await get(`/contacts?search=${encodeURIComponent(q)}`, owner))
        .json()
        .data.map((c: ContactBody) => c.name);
    expect(await names("tan")).toEqual(["Alice Tan"]);
    expect(await names("LIM")).toEqual(["Bob Lim"]);
    expect(await names("2220")).toEqual(["Bob Lim"]);
    expect(await names("+65 9123")).toEqual(["Alice Tan"]);
    expect(await names("%")).toEqual(["50% Off_Shop"]);
    expect(await names("zzz")).toEqual([]);
  });

  it("refuses a forged cursor", async () => {
    const { owner } = await createCompany(app);
    const res = await get("/contacts?cursor=bm90LWEtY3Vyc29y", owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_CURSOR);
    // Well formed, but naming days and times that do not exist: PostgreSQL would refuse them (a 500 before).
    for (const at of [
      "2024-02-30 10:00:00+00",
      "2024-13-01 10:00:00+00",
      "2024-01-01 25:00:00+00",
      "2024-01-01 10:00:00+99",
    ]) {
      const forged = Buffer.from(`${at}|0190a0a0-0000-7000-8000-000000000000`).toString("base64url");
      const r = await get(`/contacts?cursor=${forged}`, owner);
      expect(r.statusCode, at).toBe(400);
      expect(r.json().message).toBe(INVALID_CURSOR);
    }
  });
});

describe("groups", () => {
  it("adds, renames and lists groups; names are unique without case, at most 100 characters", async () => {
    const { owner } = await createCompany(app);
    const g = await addGroup(owner, " Customers ");
    expect(g).toMatchObject({ name: "Customers", total_recipients: 0 });
    const dup = await post("/addGroup", { name: "customers" }, owner);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe("The group name already exists. Please use another name.");
    const other = await addGroup(owner, "Suppliers");
    const edit = await post("/editGroup", { id: other.id, name: "CUSTOMERS" }, owner);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe("The group name already exists. Please use another name.");
    expect((await post("/editGroup", { id: other.id, name: "Vendors" }, owner)).json().name).toBe("Vendors");
    expect((await post("/addGroup", { name: "x".repeat(101) }, owner)).statusCode).toBe(400);
    expect((await post("/addGroup", { name: "x".repeat(100) }, owner)).statusCode).toBe(200);
    const blank = await post("/addGroup", { name: "  " }, owner);
    expect(blank.statusCode).toBe(400);
    const list = (await get("/groups?search=VEND", owner)).json();
    expect(list).toMatchObject({ total: 1, totalExact: true, nextCursor: null });
    expect(list.data[0].group_name).toBe("Vendors");
    // the specification's group page sizes go up to 5000
    expect((await get("/groups?limit=5000", owner)).statusCode).toBe(200);
    expect((await get("/groups?limit=5001", owner)).statusCode).toBe(400);
  });

  it("deletes groups and keeps their members as contacts", async () => {
    const { owner } = await createCompany(app);
    const g1 = await addGroup(owner, "One");
    const g2 = await addGroup(owner, "Two");
    const c = await addContact(owner, {}, `?groupId=${g1.id},${g2.id}`);
    expect((await post("/deleteGroup", { id: g1.id }, owner)).statusCode).toBe(200);
    expect(
      (await post("/getContact", { id: c.id }, owner)).json().groups.map((g: { id: string }) => g.id),
    ).toEqual([g2.id]);
    expect((await post("/deleteGroups", { selectedRows: [g2.id] }, owner)).statusCode).toBe(200);
    expect((await post("/getContact", { id: c.id }, owner)).json().groups).toEqual([]);
    expect((await post("/getGroup", { id: g2.id }, owner)).statusCode).toBe(404);
  });

  it("adds members, reporting those already in a group (409 'N Contacts with issues !')", async () => {
    const { owner } = await createCompany(app);
    const g = await addGroup(owner, "Members");
    const h = await addGroup(owner, "Others");
    const c1 = await addContact(owner, { contactName: "One" }, `?groupId=${g.id}`);
    const c2 = await addContact(owner, { contactName: "Two" });
    const res = await post(
      "/addMembers",
      { selectedRows: [c2.id, c1.id], selectedGroup: [g.id, h.id] },
      owner,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      message: "1 Contacts with issues !",
      rows: [{ row: 2, mobile: c1.mobile, name: "One", issue: ISSUE.alreadyInGroup("Members") }],
    });
    const ok = await post("/addMembers", { selectedRows: [c2.id], selectedGroup: [] }, owner);
    expect(ok.statusCode).toBe(400);
    const group = (await post("/getGroup", { id: g.id }, owner)).json();
    expect(group.total_recipients).toBe(2);
    expect((await post("/getGroup", { id: h.id }, owner)).json().total_recipients).toBe(2);
    const fresh = await addContact(owner);
    const clean = await post("/addMembers", { selectedRows: [fresh.id], selectedGroup: [g.id] }, owner);
    expect(clean.statusCode).toBe(200);
  });

  it("pages the members of a group by keyset with search, and removes members", async () => {
    const { owner } = await createCompany(app);
    const g = await addGroup(owner, "Big");
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await addContact(owner, { contactName: `M${i}` }, `?groupId=${g.id}`)).id);
    const p1 = (await post("/getGroup", { id: g.id, limit: 10 }, owner)).json();
    expect(p1).toMatchObject({ groupName: "Big", total_recipients: 12 });
    expect(p1.groupMembers).toHaveLength(10);
    const p2 = (await post("/getGroup", { id: g.id, limit: 10, cursor: p1.nextCursor }, owner)).json();
    expect(p2.nextCursor).toBeNull();
    expect([...p1.groupMembers, ...p2.groupMembers].map((m: { id: string }) => m.id)).toEqual(
      [...ids].reverse(),
    );
    const found = (await post("/getGroup", { id: g.id, search: "m11" }, owner)).json();
    expect(found.groupMembers.map((m: { name: string }) => m.name)).toEqual(["M11"]);

    expect((await post("/removeMember", { id: ids[0], groupId: g.id }, owner)).statusCode).toBe(200);
    expect((await post("/removeMember", { id: ids[0], groupId: g.id }, owner)).statusCode).toBe(404);
    expect(
      (await post("/removeMembers", { id: g.id, selectedRows: ids.slice(1, 6) }, owner)).statusCode,
    ).toBe(200);
    const after = (await post("/getGroup", { id: g.id }, owner)).json();
    expect(after.total_recipients).toBe(6);
    // the contacts stay
    expect((await post("/getContact", { id: ids[0] }, owner)).statusCode).toBe(200);
  });

  it("gives another company's user 404 on every group call", async () => {
    const { owner } = await createCompany(app);
    const g = await addGroup(owner, "Private");
    const c = await addContact(owner, {}, `?groupId=${g.id}`);
    const other = await createCompany(app);
    const mine = await addContact(other.owner);
    const o = other.owner;
    for (const [url, body] of [
      ["/getGroup", { id: g.id }],
      ["/editGroup", { id: g.id, name: "Taken" }],
      ["/deleteGroup", { id: g.id }],
      ["/deleteGroups", { selectedRows: [g.id] }],
      ["/addMembers", { selectedRows: [mine.id], selectedGroup: [g.id] }],
      ["/addMembers", { selectedRows: [c.id], selectedGroup: [g.id] }],
      ["/removeMember", { id: c.id, groupId: g.id }],
      ["/removeMembers", { id: g.id, selectedRows: [c.id] }],
    ] as const) {
      const res = await post(url, body, o);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await get("/groups", o)).json().data).toEqual([]);
    expect((await get(`/contacts/export?groupId=${g.id}`, o)).statusCode).toBe(404);
    expect((await post("/getGroup", { id: g.id }, owner)).json()).toMatchObject({
      name: "Private",
      total_recipients: 1,
    });
  });
});
