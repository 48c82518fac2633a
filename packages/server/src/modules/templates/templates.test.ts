import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, auth, createCompany, createUser, testApp } from "../../test/harness";
import { TEMPLATE_MESSAGES } from "./templates.messages";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

type Who = { token: string };
const post = (url: string, body: unknown, who: Who) => apiPost(app, url, body, { token: who.token });
const get = (url: string, who: Who) => app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });

interface TemplateBody {
  id: string;
  name: string;
  content: string;
  canEdit: boolean;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

async function add(who: Who, name: string, content = `Hi {name}, ${name}`): Promise<TemplateBody> {
  const res = await post("/sms/templates", { name, content }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function list(who: Who): Promise<TemplateBody[]> {
  const res = await get("/sms/templates", who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const MISSING = "0190a000-0000-7000-8000-000000000000";

describe("/sms/templates: add and list", () => {
  it("adds a template with the trimmed name and the content as typed, and lists the company's by name", async () => {
    const { owner } = await createCompany(app);
    const t = await add(owner, "  Reminder ", "Hi {name},\n see you tomorrow ");
    expect(t).toMatchObject({
      name: "Reminder",
      content: "Hi {name},\n see you tomorrow ",
      canEdit: true,
      createdBy: expect.any(String),
      createdByName: "Test User",
    });
    expect(Date.parse(t.createdAt)).not.toBeNaN();
    expect(t.updatedAt).toBe(t.createdAt);
    await add(owner, "apology");
    await add(owner, "Birthday");
    expect((await list(owner)).map((x) => x.name)).toEqual(["apology", "Birthday", "Reminder"]);
  });

  it("answers 409 for a name the company already uses, whatever its case; other companies may use it", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    await add(a.owner, "Promo");
    for (const name of ["Promo", "PROMO", "  promo "]) {
      const res = await post("/sms/templates", { name, content: "x" }, a.owner);
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toEqual({ message: TEMPLATE_MESSAGES.nameExists });
    }
    await add(b.owner, "promo");
    expect(await list(a.owner)).toHaveLength(1);
  });

  it("answers 422 with the form's words for a missing, blank or too long name or content", async () => {
    const { owner } = await createCompany(app);
    const cases: [unknown, string][] = [
      [{ content: "x" }, TEMPLATE_MESSAGES.nameRequired],
      [{ name: "", content: "x" }, TEMPLATE_MESSAGES.nameRequired],
      [{ name: "   ", content: "x" }, TEMPLATE_MESSAGES.nameRequired],
      [{ name: "n".repeat(51), content: "x" }, TEMPLATE_MESSAGES.nameTooLong],
      [{ name: "ok" }, TEMPLATE_MESSAGES.contentRequired],
      [{ name: "ok", content: "" }, TEMPLATE_MESSAGES.contentRequired],
      [{ name: "ok", content: " \n\t " }, TEMPLATE_MESSAGES.contentRequired],
      [{ name: "ok", content: "c".repeat(1601) }, TEMPLATE_MESSAGES.contentTooLong],
      [{}, TEMPLATE_MESSAGES.nameRequired],
    ];
    for (const [body, message] of cases) {
      const res = await post("/sms/templates", body, owner);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json()).toEqual({ message });
    }
    expect(TEMPLATE_MESSAGES.nameTooLong).toBe("Template name cannot exceed 50 characters");
    expect(TEMPLATE_MESSAGES.contentTooLong).toBe("Message content cannot exceed 1600 characters");
    // The limits themselves are allowed; 1600 characters count code points (an emoji is one).
    await add(owner, "n".repeat(50), "c".repeat(1600));
    await add(owner, "emoji", "😀".repeat(1600));
    expect(await list(owner)).toHaveLength(2);
  });

  it("lets every signed-in user of the company list and add; tells who may change each", async () => {
    const co = await createCompany(app);
    const agent = await createUser(app, co.id, { role: "agent" });
    const supervisor = await createUser(app, co.id, { role: "supervisor" });
    const mine = await add(agent, "By Agent");
    await add(supervisor, "By Supervisor");
    await add(co.owner, "By Admin");
    const seen = await list(agent);
    expect(seen.map((t) => [t.name, t.canEdit])).toEqual([
      ["By Admin", false],
      ["By Agent", true],
      ["By Supervisor", false],
    ]);
    expect((await list(co.owner)).every((t) => t.canEdit)).toBe(true);
    expect(seen.find((t) => t.id === mine.id)?.createdBy).toBe(agent.id);
  });

  it("needs a signed-in user", async () => {
    const res = await app.inject({ method: "GET", url: "/api/sms/templates" });
    expect(res.statusCode).toBe(401);
    const add401 = await apiPost(app, "/sms/templates", { name: "x", content: "y" });
    expect(add401.statusCode).toBe(401);
  });
});

describe("/sms/templates/{id}/edit and /delete", () => {
  it("edits name and content (admin or creator); 409 on another template's name; keeps its own name in another case", async () => {
    const co = await createCompany(app);
    const t = await add(co.owner, "Old", "old text");
    await add(co.owner, "Taken");
    const res = await post(`/sms/templates/${t.id}/edit`, { name: " New ", content: "new {name}" }, co.owner);
    expect(res.statusCode, res.body).toBe(200);
    const edited: TemplateBody = res.json();
    expect(edited).toMatchObject({ id: t.id, name: "New", content: "new {name}", canEdit: true });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(t.updatedAt));
    const clash = await post(`/sms/templates/${t.id}/edit`, { name: "TAKEN", content: "x" }, co.owner);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: TEMPLATE_MESSAGES.nameExists });
    const recase = await post(`/sms/templates/${t.id}/edit`, { name: "NEW", content: "x" }, co.owner);
    expect(recase.statusCode, recase.body).toBe(200);
    const bad = await post(`/sms/templates/${t.id}/edit`, { name: "NEW", content: "  " }, co.owner);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: TEMPLATE_MESSAGES.contentRequired });
    expect((await list(co.owner)).map((x) => x.name)).toEqual(["NEW", "Taken"]);
  });

  it("lets the creator and admins edit and delete; other users get 403 and nothing changes", async () => {
    const co = await createCompany(app);
    const creator = await createUser(app, co.id, { role: "agent" });
    const other = await createUser(app, co.id, { role: "supervisor" });
    const admin = await createUser(app, co.id, { role: "admin" });
    const t = await add(creator, "Creator's");

    const denied = await post(`/sms/templates/${t.id}/edit`, { name: "Hijack", content: "x" }, other);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: TEMPLATE_MESSAGES.notAllowed });
    const deniedDelete = await post(`/sms/templates/${t.id}/delete`, {}, other);
    expect(deniedDelete.statusCode).toBe(403);
    expect((await list(creator)).map((x) => x.name)).toEqual(["Creator's"]);

    const byCreator = await post(`/sms/templates/${t.id}/edit`, { name: "Mine", content: "mine" }, creator);
    expect(byCreator.statusCode, byCreator.body).toBe(200);
    const byAdmin = await post(`/sms/templates/${t.id}/edit`, { name: "Admin's", content: "a" }, admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ createdBy: creator.id, canEdit: true });

    const second = await add(creator, "Second");
    const delByCreator = await post(`/sms/templates/${second.id}/delete`, {}, creator);
    expect(delByCreator.statusCode, delByCreator.body).toBe(200);
    expect(delByCreator.json()).toEqual({ message: TEMPLATE_MESSAGES.deleted });
    const delByAdmin = await post(`/sms/templates/${t.id}/delete`, {}, co.owner);
    expect(delByAdmin.statusCode, delByAdmin.body).toBe(200);
    expect(await list(creator)).toEqual([]);
    // deleted: 404 from now on, and the name is free again
    expect((await post(`/sms/templates/${t.id}/delete`, {}, co.owner)).statusCode).toBe(404);
    await add(creator, "Admin's");
  });

  it("answers 404 for another company's template, an unknown id and an id that is not a uuid; lists nothing of it", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const t = await add(a.owner, "Private", "secret text");
    for (const id of [t.id, MISSING, "not-a-uuid"]) {
      const edit = await post(`/sms/templates/${id}/edit`, { name: "x", content: "y" }, b.owner);
      expect(edit.statusCode, id).toBe(404);
      expect(edit.json()).toEqual({ message: TEMPLATE_MESSAGES.notFound });
      const del = await post(`/sms/templates/${id}/delete`, {}, b.owner);
      expect(del.statusCode, id).toBe(404);
      expect(del.json()).toEqual({ message: TEMPLATE_MESSAGES.notFound });
    }
    expect(await list(b.owner)).toEqual([]);
    const page = await get("/compose-msg-page-two", b.owner);
    expect(page.json().templates).toEqual([]);
    expect(await list(a.owner)).toMatchObject([{ id: t.id, name: "Private", content: "secret text" }]);
  });
});

describe("/compose-msg-page-two", () => {
  it("offers the company's templates by name with whether the caller may change them", async () => {
    const co = await createCompany(app);
    const agent = await createUser(app, co.id, { role: "agent" });
    const z = await add(co.owner, "Zebra", "Hi {name}, z");
    const a = await add(agent, "alpha", "Hi {name}, a");
    const res = await get("/compose-msg-page-two", agent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().templates).toEqual([
      { id: a.id, name: "alpha", content: "Hi {name}, a", canEdit: true },
      { id: z.id, name: "Zebra", content: "Hi {name}, z", canEdit: false },
    ]);
    const admin = (await get("/compose-msg-page-two", co.owner)).json();
    expect(admin.templates.map((t: { canEdit: boolean }) => t.canEdit)).toEqual([true, true]);
  });
});
