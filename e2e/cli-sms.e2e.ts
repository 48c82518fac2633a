import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProgram } from "../packages/cli/src/cli";
import { demoCredentials, signInByApi, waitForMessage } from "./support/api";
import { type RunningServer, startServer } from "./support/server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = path.join(root, "packages/cli/dist/herald.js");

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

const SSIR =
  "DemoCo is not registered with Singapore's SMS Sender ID Registry: 1 message to Singapore numbers may be shown as Likely-SCAM.";

describe("herald sms send against a running server: the company's sender IDs and the SSIR warning", () => {
  let server: RunningServer;
  let token: string;
  const configHome = mkdtempSync(path.join(tmpdir(), "herald-cli-sms-"));

  /** The built CLI as its own process with no terminal, signed in by HERALD_TOKEN. */
  const herald = (args: string[]) =>
    new Promise<Ran>((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, ...args],
        { env: { ...process.env, HERALD_URL: server.url, XDG_CONFIG_HOME: configHome, HERALD_TOKEN: token } },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end("");
    });

  beforeAll(async () => {
    server = await startServer();
    const owner = demoCredentials(server.output());
    token = await signInByApi(server.url, owner.email, owner.password);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("stops without --yes on the demo's DemoCo (not registered with SSIR) to a +65 number, exit 2 with the warning", async () => {
    const r = await herald(["sms", "send", "--to", "+65 9123 4501", "--from", "DemoCo", "--text", "Hello"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(SSIR);
    expect(r.stderr).toContain("pass --yes");
    expect(r.stdout).toBe("");
  });

  it("with --yes sends and prints the warning; HERALD (registered) sends without one", async () => {
    const since = Date.now();
    const r = await herald([
      "sms",
      "send",
      "--to",
      "6591234502",
      "--from",
      "DemoCo",
      "--text",
      "Hello",
      "--yes",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Warning: ${SSIR}`);
    expect(r.stdout).toContain("Sent (");
    expect((await waitForMessage(server.url, "6591234502", since)).text).toBe("Hello");
    const ok = await herald([
      "sms",
      "send",
      "--to",
      "6591234503",
      "--from",
      "herald",
      "--text",
      "Hi",
      "--yes",
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).not.toContain("Warning");
  });

  it("refuses a sender ID the company does not own (exit 1, the server's words) and a malformed one (exit 2)", async () => {
    const theirs = await herald([
      "sms",
      "send",
      "--to",
      "6591234504",
      "--from",
      "ACMEBANK",
      "--text",
      "Hi",
      "--yes",
    ]);
    expect(theirs.code).toBe(1);
    expect(theirs.stderr).toContain("ACMEBANK is not one of your company's approved sender IDs.");
    const bad = await herald([
      "sms",
      "send",
      "--to",
      "6591234504",
      "--from",
      "ACME-BANK",
      "--text",
      "Hi",
      "--yes",
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--from: A sender ID has only letters, digits and spaces");
  });

  it("names a --to number that is not a mobile number and why (exit 2), instead of asking for a recipient", async () => {
    const r = await herald(["sms", "send", "--to", "12345", "--text", "Hi", "--yes"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("herald: 12345 is not a valid mobile number (too short: at least 7 digits)\n");
    expect(r.stdout).toBe("");
    const mixed = await herald(["sms", "send", "--to", "6591234505,12345", "--text", "Hi", "--yes"]);
    expect(mixed.code, mixed.stderr).toBe(0);
    expect(mixed.stdout).toContain(
      "Warning: 12345 is not a valid mobile number (too short: at least 7 digits): not sent",
    );
    expect(mixed.stdout).toContain("Recipients: 1 (skipped: 0 unsubscribed, 1 invalid, 0 duplicate)");
    expect(mixed.stdout).toMatch(
      /Parts: 1 SMS {2}Cost: SGD \d+\.\d{2} {2}Credit: SGD \d{1,3}(,\d{3})*\.\d{2}\n/,
    );
  });

  it("on a terminal, the preview (each recipient, totals, sender, schedule, warnings) is printed before the question", async () => {
    const printed: string[] = [];
    const asked: { question: string; before: string }[] = [];
    const program = buildProgram((t) => printed.push(t), {
      env: { HERALD_URL: server.url, HERALD_TOKEN: token, XDG_CONFIG_HOME: configHome },
      interactive: true,
      prompts: {
        input: async () => "",
        password: async () => "",
        confirm: async (question) => {
          asked.push({ question, before: printed.join("") });
          return false;
        },
      },
    });
    await expect(
      program.parseAsync(
        ["sms", "send", "--to", "+65 9123 4506", "--from", "DemoCo", "--text", "Hi {name} 😀"],
        { from: "user" },
      ),
    ).rejects.toThrow("Cancelled: nothing sent");
    expect(asked).toHaveLength(1);
    const before = asked[0]!.before;
    expect(before).toMatch(
      /^TO +NAME +PARTS +COST +MESSAGE\n\+65 9123 4506 .*1 \(Unicode\) +SGD \d+\.\d{2} +Hi/,
    );
    expect(before).toContain("Sender: DemoCo\nWhen: now\n");
    expect(before).toContain("Recipients: 1 (skipped: 0 unsubscribed, 0 invalid, 0 duplicate)");
    expect(before).toContain(`Warning: ${SSIR}`);
    expect(before).toContain("Warning: Unicode characters");
    expect(asked[0]!.question).toMatch(/^Send anyway to 1 recipient now \(1 SMS, SGD \d+\.\d{2}\)\?$/);
  });

  it("exports the outbox as XLSX without a deprecation warning on standard error", async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), "herald-cli-xlsx-")), "outbox.xlsx");
    const r = await herald(["reports", "export", "outbox", "--format", "xlsx", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/Deprecation|DEP0005|Buffer\(\)/);
    expect(r.stdout).toMatch(/^Exported \d+ rows? of outbox to /);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Sender ID",
      "Mobile",
      "Message",
      "Billable",
      "Delivered Status",
      "SMS Count",
      "Date (Asia/Singapore)",
    ]);
    expect(sheet.getColumn(3).values).toContain("Hello");
  });
});
