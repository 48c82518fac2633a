import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { CAPABILITIES, driverFor, mediaRuleFor } from "../../providers/channels";
import { SANDBOX_TEMPLATES } from "../../providers/channels/sandbox";
import { auth, createCompany, createUser, testApp } from "../../test/harness";
import { addDepartment, connectSandbox, joinDepartment, tokenOf } from "./channels.fixtures";
import {
  CHANNEL_NOT_FOUND,
  ERROR_DELETING_DATA,
  LINK_EXPIRED,
  LINK_USED,
  NOT_WHATSAPP,
  TYPE_CANNOT_CHANGE,
} from "./channels.messages";
import { decryptCredentials, encryptCredentials } from "./credentials";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

type Who = { token: string };
const get = (url: string, who: Who) => app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });
const post = (url: string, who: Who, payload: object = {}) =>
  app.inject({ method: "POST", url: `/api${url}`, headers: auth(who), payload });

describe("channel credentials at rest", () => {
  it("encrypts with AES-256-GCM bound to the channel and never decrypts elsewhere", () => {
    const key = app.deps.config.channelKey;
    const stored = encryptCredentials(key, "c1", { token: "s3cret" });
    expect(stored).not.toContain("s3cret");
    expect(stored.startsWith("v1.")).toBe(true);
    expect(decryptCredentials(key, "c1", stored)).toEqual({ token: "s3cret" });
    expect(() => decryptCredentials(key, "c2", stored)).toThrow();
    expect(() => decryptCredentials(Buffer.alloc(32, 1), "c1", stored)).toThrow();
  });
});

describe("capability matrix", () => {
  it("declares the specification's file types per channel", () => {
    expect(mediaRuleFor("WHATSAPP", "a.JPEG")?.kind).toBe("image");
    expect(mediaRuleFor("WHATSAPP", "a.gif")).toBeUndefined();
    expect(mediaRuleFor("FACEBOOK MESSENGER", "a.gif")?.kind).toBe("document");
    expect(mediaRuleFor("TELEGRAM", "a.zip")?.kind).toBe("document");
    expect(mediaRuleFor("TELEGRAM", "a.3gp")).toBeUndefined();
    expect(mediaRuleFor("WECHAT", "a.png")?.kind).toBe("image");
    expect(mediaRuleFor("WECHAT", "a.mp4")).toBeUndefined();
    expect(CAPABILITIES.WHATSAPP.templates && CAPABILITIES.WHATSAPP.window24h).toBe(true);
    expect(CAPABILITIES.SLACK.media).toEqual({});
    expect(driverFor("SLACK", "sandbox")?.capabilities).toBe(CAPABILITIES.SLACK);
  });
});

describe("connect link and page", () => {
  it("gives admins a link to the portal's connect page; the page lists the 13 types and saves a sandbox channel", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const dept = await addDepartment(app, companyId);
    const res = await post("/social-chat/channel/connect-channel", owner, {
      channelType: "TELEGRAM",
      name: "TG",
    });
    expect(res.statusCode, res.body).toBe(200);
    const { link, expiresAt } = res.json();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/apps\/channel-management\/connect\?token=/);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    const token = tokenOf(link);

    const session = await get(`/social-chat/channel/connect?token=${encodeURIComponent(token)}`, owner);
    expect(session.statusCode, session.body).toBe(200);
    const s = session.json();
    expect(s.channelId).toBeNull();
    expect(s.channelType).toBe("TELEGRAM");
    expect(s.name).toBe("TG");
    expect(s.types).toHaveLength(13);
    expect(s.types.every((t: { sandbox: boolean }) => t.sandbox)).toBe(true);
    expect(s.departments.map((d: { id: string }) => d.id)).toContain(dept);

    const save = await post("/social-chat/channel/connect", owner, {
      token,
      channelType: "TELEGRAM",
      name: "  Support bot ",
      mode: "sandbox",
      departmentIds: [dept],
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json()).toMatchObject({
      name: "Support bot",
      channelType: "TELEGRAM",
      creatorFirstName: "Test",
      creatorLastName: "User",
      sandbox: true,
      departmentIds: [dept],
    });

    // one channel per connect link
    const again = await post("/social-chat/channel/connect", owner, {
      token,
      channelType: "TELEGRAM",
      name: "Twice",
      mode: "sandbox",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LINK_USED);

    const list = await get("/social-chat/channel/company-channel", owner);
    expect(list.json().data.map((c: { name: string }) => c.name)).toEqual(["Support bot"]);
  });

  it("refuses missing credentials, bad links, other companies' links and unknown departments", async () => {
    const { owner } = await createCompany(app);
    const other = await createCompany(app);
    const token = tokenOf((await post("/social-chat/channel/connect-channel", owner, {})).json().link);
    const missing = await post("/social-chat/channel/connect", owner, {
      token,
      channelType: "WHATSAPP",
      name: "Real",
      mode: "provider",
      credentials: { accessToken: "x" },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe("Phone number ID is required");

    const bad = await get("/social-chat/channel/connect?token=nonsense", owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(LINK_EXPIRED);
    const foreign = await get(`/social-chat/channel/connect?token=${token}`, other.owner);
    expect(foreign.statusCode).toBe(400);

    const dept = await addDepartment(app, other.id);
    const wrongDept = await post("/social-chat/channel/connect", owner, {
      token,
      channelType: "LINE",
      name: "L",
      mode: "sandbox",
      departmentIds: [dept],
    });
    expect(wrongDept.statusCode).toBe(422);
  });

  it("edit link renames at once, opens the page on the channel and keeps its type", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const ch = await connectSandbox(app, owner, { channelType: "VIBER", name: "Old" });
    const dept = await addDepartment(app, companyId);
    const res = await post(`/social-chat/channel/${ch.id}/edit-link`, owner, { name: "New" });
    expect(res.statusCode, res.body).toBe(200);
    const token = tokenOf(res.json().link);
    const s = (await get(`/social-chat/channel/connect?token=${token}`, owner)).json();
    expect(s).toMatchObject({ channelId: ch.id, channelType: "VIBER", name: "New", sandbox: true });

    const wrongType = await post("/social-chat/channel/connect", owner, {
      token,
      channelType: "LINE",
      name: "New",
      mode: "sandbox",
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(TYPE_CANNOT_CHANGE);
    const saved = await post("/social-chat/channel/connect", owner, {
      token,
      channelType: "VIBER",
      name: "Newer",
      mode: "sandbox",
      departmentIds: [dept],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: ch.id, name: "Newer", departmentIds: [dept] });
  });
});

describe("channel list, templates and delete", () => {
  it("only admins manage channels; others see their departments' channels; other companies get 404", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const other = await createCompany(app);
    const sales = await addDepartment(app, companyId, "Sales");
    const support = await addDepartment(app, companyId, "Support");
    const agent = await createUser(app, companyId, { role: "agent" });
    const supervisor = await createUser(app, companyId, { role: "supervisor" });
    await joinDepartment(app, agent.id, sales);
    const wa = await connectSandbox(app, owner, { channelType: "WHATSAPP", departmentIds: [sales] });
    const tg = await connectSandbox(app, owner, { channelType: "TELEGRAM", departmentIds: [support] });

    const adminList = (await get("/social-chat/channel/company-channel", owner)).json().data;
    expect(adminList.map((c: { id: string }) => c.id)).toEqual([tg.id, wa.id]);
    expect(JSON.stringify(adminList)).not.toMatch(/credentials/);
    const agentList = (await get("/social-chat/channel/company-channel", agent)).json().data;
    expect(agentList.map((c: { id: string }) => c.id)).toEqual([wa.id]);
    expect((await get("/social-chat/channel/company-channel", supervisor)).json().data).toEqual([]);
    expect((await get("/social-chat/channel/company-channel", other.owner)).json().data).toEqual([]);

    for (const who of [agent, supervisor]) {
      expect((await post("/social-chat/channel/connect-channel", who, {})).statusCode).toBe(403);
      expect((await post(`/social-chat/channel/${wa.id}/edit-link`, who, {})).statusCode).toBe(403);
      expect((await post(`/social-chat/channel/${wa.id}/sync-ws-templates`, who)).statusCode).toBe(403);
      expect((await post(`/social-chat/channel/${wa.id}/delete-channel`, who)).statusCode).toBe(403);
    }
    const foreignEdit = await post(`/social-chat/channel/${wa.id}/edit-link`, other.owner, {});
    expect(foreignEdit.statusCode).toBe(404);
    expect(foreignEdit.json().message).toBe(CHANNEL_NOT_FOUND);
    expect((await get(`/social-chat/channel/${wa.id}/whatsapp-templates`, other.owner)).statusCode).toBe(404);
    expect((await get(`/social-chat/channel/${tg.id}/whatsapp-templates`, agent)).statusCode).toBe(404);
  });

  it("syncs the sandbox's sample templates for WhatsApp only", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const dept = await addDepartment(app, companyId);
    const agent = await createUser(app, companyId, { role: "agent" });
    await joinDepartment(app, agent.id, dept);
    const wa = await connectSandbox(app, owner, { channelType: "WHATSAPP", departmentIds: [dept] });
    const tg = await connectSandbox(app, owner, { channelType: "TELEGRAM" });
    expect((await get(`/social-chat/channel/${wa.id}/whatsapp-templates`, agent)).json()).toEqual({
      data: [],
    });
    const sync = await post(`/social-chat/channel/${wa.id}/sync-ws-templates`, owner);
    expect(sync.statusCode, sync.body).toBe(200);
    const names = SANDBOX_TEMPLATES.map((t) => t.name).sort();
    expect(sync.json().data.map((t: { name: string }) => t.name)).toEqual(names);
    // a second sync replaces, not duplicates
    await post(`/social-chat/channel/${wa.id}/sync-ws-templates`, owner);
    const listed = (await get(`/social-chat/channel/${wa.id}/whatsapp-templates`, agent)).json().data;
    expect(listed).toHaveLength(SANDBOX_TEMPLATES.length);
    expect(listed.find((t: { name: string }) => t.name === "order_update").components[1]).toEqual({
      type: "BODY",
      text: "Hi {{1}}, your order {{2}} is on its way and should arrive by {{3}}.",
    });
    const notWa = await post(`/social-chat/channel/${tg.id}/sync-ws-templates`, owner);
    expect(notWa.statusCode).toBe(422);
    expect(notWa.json().message).toBe(NOT_WHATSAPP);
    expect((await get(`/social-chat/channel/${tg.id}/whatsapp-templates`, owner)).statusCode).toBe(422);
  });

  it("deletes a channel once; a second delete or another company's id answers Error Deleting Data", async () => {
    const { owner } = await createCompany(app);
    const other = await createCompany(app);
    const ch = await connectSandbox(app, owner, { channelType: "LINE" });
    const foreign = await post(`/social-chat/channel/${ch.id}/delete-channel`, other.owner);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ERROR_DELETING_DATA);
    const del = await post(`/social-chat/channel/${ch.id}/delete-channel`, owner);
    expect(del.statusCode, del.body).toBe(200);
    expect((await get("/social-chat/channel/company-channel", owner)).json().data).toEqual([]);
    const again = await post(`/social-chat/channel/${ch.id}/delete-channel`, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ERROR_DELETING_DATA);
  });
});
