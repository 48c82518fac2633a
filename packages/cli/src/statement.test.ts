import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditStatement, formatStatement } from "./commands/credit/statement";
import { saveCredentials } from "./config";
import type { Prompts } from "./session";

const ME = { userId: "7b1f1c9e-3c0b-4c55-9a51-6f7c2f1d0a00", email: "admin@x.test", userRole: "admin" };
const AGENT = { id: "7b1f1c9e-3c0b-4c55-9a51-6f7c2f1d0a01", email: "agent@x.test", deletedAt: null };

/** A stand-in server: the profile, the user list, a statement page and a streamed export. */
function fakeHerald() {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    seen.push(`${url.pathname}${url.search}`);
    const json = (status: number, body: unknown) => {
      res.statusCode = status;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/api/getProfile") return json(200, ME);
    if (url.pathname === "/api/userList") return json(200, { data: [AGENT], total: 1 });
    if (url.pathname === "/api/creditStatement")
      return json(200, {
        account: { type: "company", userId: null, name: "Co" },
        data: [],
        nextCursor: null,
      });
    if (url.pathname === "/api/creditStatement/export") {
      if (url.searchParams.get("from") === "2020-01-01")
        return json(400, { message: "The date range cannot be longer than 366 days" });
      res.setHeader("content-type", "text/csv");
      res.setHeader("content-disposition", 'attachment; filename="statement-2026-11-01-2026-11-30.csv"');
      // in several chunks, as a long statement arrives
      res.write("Date,Description\r\n");
      setTimeout(() => res.end("01/11/2026,Opening balance\r\n"), 20);
      return;
    }
    json(404, { message: "Not Found" });
  });
  return { server, seen };
}

const confirmWith = (answer: boolean) => {
  const asked: string[] = [];
  const prompts: Prompts = {
    input: async () => "",
    password: async () => "",
    confirm: async (m) => {
      asked.push(m);
      return answer;
    },
  };
  return { prompts, asked };
};

describe("herald credit statement", () => {
  const fake = fakeHerald();
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((r) => fake.server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => fake.server.close(() => r())));
  const setup = async () => {
    const env = {
      XDG_CONFIG_HOME: mkdtempSync(path.join(tmpdir(), "herald-cli-")),
      HERALD_URL: url,
    } as NodeJS.ProcessEnv;
    await saveCredentials({ token: "session-1" }, env);
    return { env, cwd: mkdtempSync(path.join(tmpdir(), "herald-statement-")) };
  };

  it("refuses bad dates, ranges and formats as usage errors (exit 2) before calling the server", async () => {
    const { env, cwd } = await setup();
    const before = fake.seen.length;
    for (const opts of [
      { from: "2026-02-30" },
      { to: "30/11/2026" },
      { from: "2026-11-30", to: "2026-11-01" },
      { format: "pdf" },
      { user: " " },
    ]) {
      await expect(creditStatement({ ...opts, cwd }, { env, interactive: false })).rejects.toMatchObject({
        exitCode: 2,
      });
    }
    expect(fake.seen.length).toBe(before);
  });

  it("streams the export under the server's name, resolving --user through the user list", async () => {
    const { env, cwd } = await setup();
    const r = await creditStatement({ user: "AGENT@x.test", cwd }, { env, interactive: false });
    expect(r).toMatchObject({ kind: "file", format: "csv", bytes: 46 });
    const file = path.join(cwd, "statement-2026-11-01-2026-11-30.csv");
    expect(r.kind === "file" && r.file).toBe(file);
    expect(readFileSync(file, "utf8")).toBe("Date,Description\r\n01/11/2026,Opening balance\r\n");
    expect(readdirSync(cwd)).toEqual(["statement-2026-11-01-2026-11-30.csv"]);
    expect(fake.seen.at(-1)).toBe(`/api/creditStatement/export?userId=${AGENT.id}&format=csv`);
    expect(formatStatement(r)).toBe(`Saved ${file} (46 bytes)\n`);
  });

  it("keeps an existing file: exit 2 without a terminal, asks on one, overwrites with --yes", async () => {
    const { env, cwd } = await setup();
    writeFileSync(path.join(cwd, "s.csv"), "keep");
    await expect(creditStatement({ out: "s.csv", cwd }, { env, interactive: false })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining("pass --yes to overwrite it"),
    });
    const no = confirmWith(false);
    await expect(
      creditStatement({ out: "s.csv", cwd }, { env, interactive: true, prompts: no.prompts }),
    ).rejects.toMatchObject({ exitCode: 1, message: "Cancelled: nothing saved" });
    expect(no.asked).toEqual([`${path.join(cwd, "s.csv")} exists. Overwrite it?`]);
    expect(readFileSync(path.join(cwd, "s.csv"), "utf8")).toBe("keep");
    await creditStatement({ out: "s.csv", yes: true, cwd }, { env, interactive: false });
    expect(readFileSync(path.join(cwd, "s.csv"), "utf8")).toMatch(/^Date,Description/);
  });

  it("prints the server's refusal and leaves no file behind", async () => {
    const { env, cwd } = await setup();
    await expect(
      creditStatement(
        { from: "2020-01-01", to: "2026-01-01", out: "x.csv", cwd },
        { env, interactive: false },
      ),
    ).rejects.toMatchObject({ exitCode: 1, message: "The date range cannot be longer than 366 days" });
    expect(existsSync(path.join(cwd, "x.csv"))).toBe(false);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("with --json asks for the first page of up to 1000 entries instead of a file", async () => {
    const { env, cwd } = await setup();
    const r = await creditStatement({ json: true, cwd }, { env, interactive: false });
    expect(r.kind).toBe("json");
    expect(fake.seen.at(-1)).toBe("/api/creditStatement?limit=1000");
    expect(readdirSync(cwd)).toEqual([]);
  });
});
