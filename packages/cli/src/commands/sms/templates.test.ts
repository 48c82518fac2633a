import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram } from "../../cli";
import type { CommandContext } from "../../session";
import { smsSend } from "./send";
import { formatTemplates, templatesAdd, templatesDelete, templatesList } from "./templates";

const ID = (n: number) => `0190a000-0000-7000-8000-00000000000${n}`;

interface T {
  id: string;
  name: string;
  content: string;
  canEdit: boolean;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A stand-in server through `ctx.fetch` that keeps templates as the real one does (names unique in any case). */
function fake(interactive = false) {
  const at = "2026-01-15T02:10:00.000Z";
  const templates: T[] = [
    {
      id: ID(1),
      name: "Reminder",
      content: "Hi {name}, see you at {time} tomorrow",
      canEdit: true,
      createdBy: ID(9),
      createdByName: "Mei Ling",
      createdAt: at,
      updatedAt: at,
    },
  ];
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = (async (input: Request | string | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    const text = req.headers.get("content-type")?.includes("json") ? await req.text() : "";
    const body = text ? JSON.parse(text) : null;
    calls.push({ method: req.method, path: url.pathname, body });
    const json = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), { status, headers: { "content-type": "application/json" } });
    if (url.pathname === "/api/sms/templates" && req.method === "GET") return json(200, { data: templates });
    if (url.pathname === "/api/sms/templates" && req.method === "POST") {
      const name = String(body.name).trim();
      if (templates.some((t) => t.name.toLowerCase() === name.toLowerCase()))
        return json(409, { message: "A template with this name already exists." });
      const t = { ...templates[0]!, id: ID(templates.length + 1), name, content: body.content };
      templates.push(t);
      return json(200, t);
    }
    const del = /^\/api\/sms\/templates\/([^/]+)\/delete$/.exec(url.pathname);
    if (del) {
      const i = templates.findIndex((t) => t.id === del[1]);
      if (i < 0) return json(404, { message: "Template not found" });
      templates.splice(i, 1);
      return json(200, { message: "Template deleted" });
    }
    if (url.pathname === "/api/sms/preview")
      return json(200, {
        rows: [],
        totals: {
          recipients: 1,
          skipped: { unsubscribed: 0, invalid: 0, duplicate: 0 },
          segments: 1,
          costCents: 5,
          cost: "0.05",
          balance: "10.00",
          enough: true,
          scheduledAt: null,
        },
      });
    return json(404, { message: "Not found" });
  }) as typeof globalThis.fetch;
  const answers: string[] = [];
  const ctx: CommandContext = {
    env: {
      HERALD_URL: "http://herald.test",
      HERALD_TOKEN: "t",
      XDG_CONFIG_HOME: mkdtempSync(path.join(tmpdir(), "h-")),
    },
    fetch,
    interactive,
    prompts: {
      input: async () => "",
      password: async () => "",
      confirm: async (q) => {
        answers.push(q);
        return true;
      },
    },
  };
  return { calls, ctx, templates, answers };
}

/** Runs `herald …argv` with the fake server; what it printed and how it ended. */
async function herald(ctx: CommandContext, argv: string[]): Promise<{ out: string; code: number }> {
  let out = "";
  const program = buildProgram((s) => {
    out += s;
  }, ctx);
  program.configureOutput({ writeErr: () => {}, writeOut: () => {} });
  try {
    await program.parseAsync(argv, { from: "user" });
    return { out, code: 0 };
  } catch (err) {
    if (err instanceof CommanderError) return { out, code: err.exitCode === 0 ? 0 : 2 };
    return { out, code: (err as { exitCode?: number }).exitCode ?? 1 };
  }
}

describe("herald sms templates", () => {
  it("list prints the company's templates; --json prints them as JSON and nothing else", async () => {
    const { ctx } = fake();
    expect(formatTemplates(await templatesList(ctx))).toMatch(
      /^NAME\s+CREATED BY\s+CONTENT\nReminder\s+Mei Ling\s+Hi \{name\}/,
    );
    expect(formatTemplates([])).toBe("No templates\n");
    const r = await herald(ctx, ["--json", "sms", "templates", "list"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject([{ id: ID(1), name: "Reminder" }]);
  });

  it("add saves NAME with --content; a duplicate name fails with the server's message (exit 1)", async () => {
    const { ctx, calls } = fake();
    const added = await templatesAdd("Promo", { content: "Hi {name}, 10% off" }, ctx);
    expect(added).toMatchObject({ name: "Promo", content: "Hi {name}, 10% off" });
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/api/sms/templates",
      body: { name: "Promo", content: "Hi {name}, 10% off" },
    });
    await expect(templatesAdd("promo", { content: "x" }, ctx)).rejects.toMatchObject({
      exitCode: 1,
      message: "A template with this name already exists.",
    });
    const json = await herald(ctx, [
      "--json",
      "sms",
      "templates",
      "add",
      "Thanks",
      "--content",
      "Thank you!",
    ]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({ name: "Thanks", content: "Thank you!" });
    const text = await herald(ctx, ["sms", "templates", "add", "Bye", "--content", "Bye"]);
    expect(text.out).toBe("Added template Bye\n");
  });

  it("add without --content or a blank name is a usage error (exit 2) that calls nothing", async () => {
    const { ctx, calls } = fake();
    expect((await herald(ctx, ["sms", "templates", "add", "Promo"])).code).toBe(2);
    await expect(templatesAdd("Promo", { content: "  " }, ctx)).rejects.toMatchObject({ exitCode: 2 });
    await expect(templatesAdd(" ", { content: "x" }, ctx)).rejects.toMatchObject({ exitCode: 2 });
    expect(calls).toHaveLength(0);
  });

  it("delete NAME finds the template whatever the case; --yes without a terminal, a question on one", async () => {
    const { ctx, templates, calls } = fake();
    await expect(templatesDelete("reminder", {}, ctx)).rejects.toMatchObject({ exitCode: 2 });
    expect(calls).toHaveLength(0);
    const r = await herald(ctx, ["--json", "sms", "templates", "delete", " REMINDER ", "--yes"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ id: ID(1), name: "Reminder" });
    expect(calls.at(-1)).toMatchObject({ method: "POST", path: `/api/sms/templates/${ID(1)}/delete` });
    expect(templates).toHaveLength(0);
    await expect(templatesDelete("Reminder", { yes: true }, ctx)).rejects.toMatchObject({
      exitCode: 1,
      message: "No template named Reminder",
    });

    const tty = fake(true);
    expect(await templatesDelete("Reminder", {}, tty.ctx)).toMatchObject({ name: "Reminder" });
    expect(tty.answers).toEqual(["Delete the template Reminder?"]);
  });
});

describe("herald sms send --template", () => {
  it("sends the template's content as typed; the server fills the variables per recipient", async () => {
    const { ctx, calls } = fake();
    await smsSend({ to: "6591234567", template: "reminder", dryRun: true }, ctx);
    const preview = calls.find((c) => c.path === "/api/sms/preview")!;
    expect(preview.body).toMatchObject({
      recipients: { numbers: ["6591234567"] },
      text: "Hi {name}, see you at {time} tomorrow",
    });
  });

  it("refuses --template with --text, a blank name (exit 2) and an unknown name (exit 1)", async () => {
    const { ctx, calls } = fake();
    await expect(
      smsSend({ to: "6591234567", template: "Reminder", text: "Hi", dryRun: true }, ctx),
    ).rejects.toMatchObject({ exitCode: 2 });
    await expect(smsSend({ to: "6591234567", template: " ", dryRun: true }, ctx)).rejects.toMatchObject({
      exitCode: 2,
    });
    expect(calls).toHaveLength(0);
    await expect(smsSend({ to: "6591234567", template: "Nope", dryRun: true }, ctx)).rejects.toMatchObject({
      exitCode: 1,
      message: "No template named Nope",
    });
    expect(calls.some((c) => c.path === "/api/sms/preview")).toBe(false);
  });
});
