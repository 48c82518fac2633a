import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { type RunningServer, startServer } from "./support/server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = path.join(root, "packages/cli/dist/herald.js");
const AGENT_EMAIL = "agent@demo.herald.local";

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Today in Singapore, YYYY-MM-DD (the statement's days). */
const today = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Singapore",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());

describe("herald credit statement against a running server", () => {
  let server: RunningServer;
  let token: string;
  let agentId: string;
  const cwd = mkdtempSync(path.join(tmpdir(), "herald-cli-statement-"));
  const configHome = mkdtempSync(path.join(tmpdir(), "herald-cli-statement-config-"));

  /** The built CLI as its own process, no terminal, signed in by HERALD_TOKEN, in `cwd`. */
  const herald = (args: string[]) =>
    new Promise<Ran>((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, ...args],
        {
          cwd,
          env: { ...process.env, HERALD_URL: server.url, XDG_CONFIG_HOME: configHome, HERALD_TOKEN: token },
        },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end("");
    });

  beforeAll(async () => {
    server = await startServer();
    const owner = demoCredentials(server.output());
    token = await signInByApi(server.url, owner.email, owner.password);
    const list = await fetch(`${server.url}/api/userList?search=${encodeURIComponent(AGENT_EMAIL)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await list.json()) as { data: { id: string; email: string }[] };
    agentId = body.data.find((u) => u.email === AGENT_EMAIL)?.id ?? "";
    expect(agentId).not.toBe("");
    for (const [amount, action] of [
      [12.34, "add"],
      [2.34, "deduct"],
    ] as const) {
      const r = await apiPost(server.url, "/editUserCredit", { id: agentId, amount, action }, token);
      expect(r.status).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("prints the corporate statement's first page as JSON with --json", async () => {
    const r = await herald(["--json", "credit", "statement"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout) as {
      account: { type: string };
      to: string;
      closingBalance: number;
      data: { kind: string; amount: number; balance: number }[];
    };
    expect(s.account.type).toBe("company");
    expect(s.to).toBe(today());
    expect(s.data.slice(0, 2).map((e) => [e.kind, e.amount])).toEqual([
      ["deduct", 2.34],
      ["allocate", -12.34],
    ]);
    expect(s.data[0]!.balance).toBe(s.closingBalance);
    const company = await apiPost<{ companyCredit: number }>(server.url, "/getCompany", {}, token);
    expect(s.closingBalance).toBe(company.body.companyCredit);
  });

  it("saves a CSV to --out, and refuses to overwrite it without --yes (exit 2)", async () => {
    const r = await herald([
      "credit",
      "statement",
      "--from",
      `${today().slice(0, 8)}01`,
      "--out",
      "corp.csv",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const file = path.join(cwd, "corp.csv");
    expect(r.stdout).toMatch(/^Saved .*corp\.csv \(\d{1,3}(,\d{3})* bytes\)\n$/);
    const lines = readFileSync(file, "utf8").trim().split("\r\n");
    expect(lines[0]).toBe(
      "Date (Asia/Singapore),Description,Counterparty,Reference,By,Amount (SGD),Balance (SGD)",
    );
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4},Opening balance,,,,,\d+\.\d{2}$/);
    expect(lines.some((l) => /,Allocated to [^,]+,[^,]*,,[^,]*,-12\.34,/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/,Closing balance,,,,,\d+\.\d{2}$/);

    writeFileSync(file, "keep me");
    const again = await herald(["credit", "statement", "--out", "corp.csv"]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("exists: pass --yes to overwrite it");
    expect(readFileSync(file, "utf8")).toBe("keep me");
    const forced = await herald(["credit", "statement", "--out", "corp.csv", "--yes"]);
    expect(forced.code).toBe(0);
    expect(readFileSync(file, "utf8")).toMatch(/^Date \(Asia\/Singapore\),Description/);
  });

  it("saves a user's XLSX under the server's name in the current directory", async () => {
    const r = await herald(["credit", "statement", "--user", AGENT_EMAIL, "--format", "xlsx"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const name = readdirSync(cwd).find((f) => f.endsWith(".xlsx"));
    expect(name).toMatch(new RegExp(`^statement-${today().slice(0, 8)}01-${today()}-[a-z0-9-]+\\.xlsx$`));
    expect(readdirSync(cwd).some((f) => f.endsWith(".part"))).toBe(false);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path.join(cwd, name!));
    const ws = wb.getWorksheet("Statement")!;
    const amounts: unknown[] = [];
    ws.eachRow((row, n) => {
      if (n > 2) amounts.push(row.getCell(6).value);
    });
    expect(amounts.slice(-3, -1)).toEqual([12.34, -2.34]);
  });

  it("refuses usage errors with exit 2 before saving anything", async () => {
    const before = readdirSync(cwd).length;
    for (const [args, message] of [
      [["--from", "2026-13-01"], "--from must be a date as YYYY-MM-DD"],
      [["--to", "yesterday"], "--to must be a date as YYYY-MM-DD"],
      [["--from", "2026-11-30", "--to", "2026-11-01"], "--from must not be after --to"],
      [["--format", "pdf"], "--format must be csv or xlsx"],
    ] as const) {
      const r = await herald(["credit", "statement", ...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain(message);
    }
    const unknown = await herald(["credit", "statement", "--user", "nobody@demo.herald.local"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No user with the e-mail nobody@demo.herald.local");
    const tooLong = await herald(["credit", "statement", "--from", "2024-01-01", "--to", "2026-01-01"]);
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toContain("The date range cannot be longer than 366 days");
    expect(readdirSync(cwd).length).toBe(before);
    expect(existsSync(path.join(cwd, "statement-2024-01-01-2026-01-01.csv.part"))).toBe(false);
  });
});
