import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCredentials, signInByApi } from "./support/api";
import { type RunningServer, startServer } from "./support/server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = path.join(root, "packages/cli/dist/herald.js");

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** `script` (util-linux) gives the CLI a pseudo-terminal for the prompt tests. */
const hasScript = (() => {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/**
 * A CSV of `rows` data rows: numbers 6590000000 + i with a long note (so the file is over 1 MB and imports in
 * the background); every 100th row (from row 50) has a short invalid number, every 100th (from row 99) repeats
 * the number of row 1 of its hundred. Answers the expected problem rows by their 1-based data row.
 */
function generated(rows: number, prefix = 6590000000, name = "Person") {
  const lines = ["mobile,name,note"];
  const problems: { row: number; mobile: string; reason: string }[] = [];
  const note = "x".repeat(110);
  for (let i = 1; i <= rows; i++) {
    if (i % 100 === 50) {
      lines.push(`12345,${name} ${i},${note}`);
      problems.push({ row: i, mobile: "12345", reason: "invalid" });
    } else if (i % 100 === 99) {
      const first = String(prefix + (i - 98));
      lines.push(`${first},${name} ${i} again,${note}`);
      problems.push({ row: i, mobile: first, reason: "Duplicate in file" });
    } else lines.push(`${prefix + i},${name} ${i},${note}`);
  }
  return { text: `${lines.join("\n")}\n`, problems };
}

describe("herald contacts and groups against a running server", () => {
  let server: RunningServer;
  let token: string;
  let ownerEmail: string;
  /** Contacts of the demo company before the tests. */
  let before = 0;
  const dir = mkdtempSync(path.join(tmpdir(), "herald-cli-contacts-"));
  const configHome = path.join(dir, "config");

  const herald = (args: string[], input?: string) =>
    new Promise<Ran>((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, ...args],
        {
          cwd: dir,
          env: { ...process.env, HERALD_URL: server.url, XDG_CONFIG_HOME: configHome, HERALD_TOKEN: "" },
          maxBuffer: 64 * 1024 * 1024,
        },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(input ?? "");
    });

  const api = async <T>(p: string): Promise<T> => {
    const res = await fetch(`${server.url}/api${p}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, p).toBe(200);
    return (await res.json()) as T;
  };
  const total = async (search?: string) =>
    (
      await api<{ total: number }>(
        `/contacts?limit=1${search ? `&search=${encodeURIComponent(search)}` : ""}`,
      )
    ).total;
  const groupByName = async (name: string) =>
    (
      await api<{ data: { id: string; name: string; total_recipients: number }[] }>("/groups?limit=1000")
    ).data.find((g) => g.name === name);

  beforeAll(async () => {
    server = await startServer();
    const owner = demoCredentials(server.output());
    ownerEmail = owner.email;
    token = await signInByApi(server.url, owner.email, owner.password);
    before = await total();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("login --token keeps a checked token (0600); whoami tells who it is; a bad token keeps nothing", async () => {
    const bad = await herald(["login", "--token", "not-a-token"]);
    expect(bad.code, bad.stderr).toBe(1);
    expect(existsSync(path.join(configHome, "herald", "credentials.json"))).toBe(false);
    const r = await herald(["login", "--token", "-"], `${token}\n`);
    expect(r.stderr).toBe("");
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(path.join(configHome, "herald", "credentials.json")).mode & 0o777).toBe(0o600);
    const who = await herald(["whoami", "--json"]);
    expect(who.code, who.stderr).toBe(0);
    expect(r.stdout).toBe(`Signed in as ${ownerEmail}\n`);
    expect(JSON.parse(who.stdout)).toMatchObject({ url: server.url, email: ownerEmail });
    expect((await herald(["whoami"])).stdout).toContain(`<${ownerEmail}>`);
  });

  it("imports a 9,000-row CSV with bad and duplicate rows: summary, report and database agree", async () => {
    const file = generated(9000);
    writeFileSync(path.join(dir, "people.csv"), file.text);
    expect(statSync(path.join(dir, "people.csv")).size).toBeGreaterThan(1024 * 1024);
    const r = await herald([
      "contacts",
      "import",
      "people.csv",
      "--group",
      "Imported",
      "--report",
      "problems.csv",
      "--json",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      status: "done",
      dryRun: false,
      rowsTotal: 9000,
      rowsDone: 9000,
      imported: 8820,
      duplicates: 90,
      invalid: 90,
      rowsFailed: 180,
      report: "problems.csv",
    });
    expect(await total()).toBe(before + 8820);
    expect((await groupByName("Imported"))?.total_recipients).toBe(8820);
    const report = parse(readFileSync(path.join(dir, "problems.csv"), "utf8")) as string[][];
    expect(report[0]).toEqual(["Row", "Mobile", "Name", "Reason"]);
    const rows = report.slice(1);
    expect(rows.map((x) => Number(x[0]))).toEqual(file.problems.map((p) => p.row));
    expect(rows.map((x) => x[1])).toEqual(file.problems.map((p) => p.mobile));
    for (const [i, p] of file.problems.entries())
      if (p.reason !== "invalid") expect(rows[i]?.[3]).toBe(p.reason);

    // the same file again, as text with report.xlsx: every row is now a problem, nothing is added
    const again = await herald(["contacts", "import", "people.csv", "--report", "again.xlsx"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("Imported: 0\n");
    expect(again.stdout).toContain("Duplicates: 8,910\n");
    expect(again.stdout).toContain("Invalid: 90\n");
    expect(again.stdout).toContain("Problem rows (9,000) written to again.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path.join(dir, "again.xlsx"));
    expect(wb.worksheets[0]?.actualRowCount).toBe(9001);
    expect(await total()).toBe(before + 8820);

    // an existing report is kept without --yes (exit 2, nothing sent)
    const keep = await herald(["contacts", "import", "people.csv", "--report", "again.xlsx"]);
    expect(keep.code, keep.stderr).toBe(2);
    expect(keep.stderr).toContain("pass --yes");
  });

  it("a small file answers at once; --dry-run reports the same counts and writes nothing", async () => {
    writeFileSync(
      path.join(dir, "small.csv"),
      "mobile,name,email\n91234567,Local Number,a@x.test\n123,Too Short,\n91234567,Twice,\n",
    );
    const dry = await herald(["contacts", "import", "small.csv", "--dry-run", "--json"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, imported: 1, duplicates: 1, invalid: 1 });
    expect(await total("Local Number")).toBe(0);
    const real = await herald(["contacts", "import", "small.csv", "--country", "SG"]);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toBe(
      "Imported: 1\nDuplicates: 1\nInvalid: 1\nRows read: 3\n2 problem rows: pass --report FILE to save them\n",
    );
    const show = await herald(["contacts", "show", "6591234567", "--json"]);
    expect(JSON.parse(show.stdout)).toMatchObject({
      name: "Local Number",
      mobile: "6591234567",
      email: "a@x.test",
    });

    // importing the number again with --update updates the contact instead of reporting it
    writeFileSync(
      path.join(dir, "renamed.csv"),
      "mobile,name,email,tier\n+65 9123 4567,Local Renamed,b@x.test,Gold\n",
    );
    const plain = await herald(["contacts", "import", "renamed.csv"]);
    expect(plain.stdout).toContain("Duplicates: 1\n");
    const updated = await herald(["contacts", "import", "renamed.csv", "--update"]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).toBe("Imported: 0\nUpdated: 1\nDuplicates: 0\nInvalid: 0\nRows read: 1\n");
    const after = JSON.parse((await herald(["contacts", "show", "6591234567", "--json"])).stdout);
    expect(after).toMatchObject({ name: "Local Renamed", email: "b@x.test", attributes: { tier: "Gold" } });
  });

  it("refuses what it cannot import: usage errors exit 2 before sending, server refusals exit 1", async () => {
    writeFileSync(path.join(dir, "notes.txt"), "mobile,name\n");
    writeFileSync(path.join(dir, "wrong.csv"), "name,mobile\nA,6591111111\n");
    const type = await herald(["contacts", "import", "notes.txt"]);
    expect(type.code, type.stderr).toBe(2);
    expect(type.stderr).toContain("Unsupported file type");
    expect((await herald(["contacts", "import", "missing.csv"])).code).toBe(2);
    expect((await herald(["contacts", "import", "wrong.csv", "--country", "Singapore"])).code).toBe(2);
    const columns = await herald(["contacts", "import", "wrong.csv"]);
    expect(columns.code, columns.stderr).toBe(1);
    expect(columns.stderr).toContain(
      'herald: Default Columns Not Found !\nThe first two columns must be "mobile" then "name"; an "email" column and any other columns are optional. This file starts with "name", "mobile".',
    );
  });

  it("exports every contact as CSV (round trip: the export imports back as duplicates) and XLSX", async () => {
    const csv = await herald(["contacts", "export", "--out", "all.csv"]);
    expect(csv.code, csv.stderr).toBe(0);
    const rows = parse(readFileSync(path.join(dir, "all.csv"), "utf8")) as string[][];
    expect(rows[0]?.slice(0, 4)).toEqual(["mobile", "name", "email", "created_at"]);
    expect(rows.length - 1).toBe(await total());
    expect(rows.length - 1).toBe(before + 8821);
    expect(existsSync(path.join(dir, "all.csv.part"))).toBe(false);
    const back = await herald(["contacts", "import", "all.csv", "--dry-run", "--json"]);
    expect(JSON.parse(back.stdout)).toMatchObject({ imported: 0, duplicates: rows.length - 1, invalid: 0 });

    const refuse = await herald(["contacts", "export", "--out", "all.csv"]);
    expect(refuse.code, refuse.stderr).toBe(2);
    expect(refuse.stderr).toContain("all.csv already exists: pass --yes to overwrite it");
    expect((await herald(["contacts", "export", "--out", "all.csv", "--yes"])).code).toBe(0);

    const xlsx = await herald(["contacts", "export", "--format", "xlsx", "--group", "imported", "--json"]);
    expect(xlsx.code, xlsx.stderr).toBe(0);
    expect(JSON.parse(xlsx.stdout)).toMatchObject({ file: "contacts.xlsx", format: "xlsx" });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path.join(dir, "contacts.xlsx"));
    expect(wb.worksheets[0]?.actualRowCount).toBe(8821);
    expect((await herald(["contacts", "export", "--format", "pdf"])).code).toBe(2);
  });

  it("lists and shows contacts; --json prints only JSON", async () => {
    const list = await herald(["contacts", "list", "--search", "Person 12", "--limit", "5", "--json"]);
    expect(list.code, list.stderr).toBe(0);
    const out = JSON.parse(list.stdout) as { contacts: { name: string }[]; total: number };
    expect(out.contacts).toHaveLength(5);
    for (const c of out.contacts) expect(c.name).toContain("Person 12");
    const text = await herald(["contacts", "list", "--search", "Person 1234"]);
    expect(text.stdout).toMatch(/^ID\s+MOBILE\s+NAME\s+EMAIL\s+GROUPS\n/);
    expect(text.stdout).toContain("+6590001234  Person 1234");
    expect((await herald(["contacts", "list", "--limit", "0"])).code).toBe(2);

    // the exact total, any page by number (the last one too) and every contact with --all
    const count = await total();
    const pages = Math.ceil(count / 1000);
    const second = await herald(["contacts", "list", "--page", "2", "--limit", "5"]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain(
      `Showing 6–10 of ${count.toLocaleString("en-US")} contacts · page 2 of ${Math.ceil(count / 5).toLocaleString("en-US")}\n`,
    );
    const last = JSON.parse(
      (await herald(["contacts", "list", "--page", "last", "--limit", "1000", "--json"])).stdout,
    );
    expect(last).toMatchObject({ total: count, totalExact: true, page: pages, pages });
    expect(last.contacts).toHaveLength(count - (pages - 1) * 1000);
    const every = JSON.parse((await herald(["contacts", "list", "--all", "--json"])).stdout);
    expect(every.contacts).toHaveLength(count);
    expect(every.contacts.at(-1).id).toBe(last.contacts.at(-1).id);
    const firstPage = await herald(["contacts", "list", "--limit", "3"]);
    expect(firstPage.stdout).toContain(
      `3 of ${count.toLocaleString("en-US")} contacts (--page N, --page last or --all for the rest)\n`,
    );
    expect((await herald(["contacts", "list", "--all", "--page", "2"])).code).toBe(2);
    expect((await herald(["contacts", "list", "--page", "0"])).code).toBe(2);
    const none = await herald(["contacts", "show", "6599999999"]);
    expect(none.code, none.stderr).toBe(1);
    expect(none.stderr).toContain("No contact with the number 6599999999");
  }, 180_000);

  it("groups: create, rename, add and remove members, delete (members kept); refusals without --yes", async () => {
    expect((await herald(["groups", "create", "VIP"])).code).toBe(0);
    const dup = await herald(["groups", "create", "vip"]);
    expect(dup.code, dup.stderr).toBe(1);
    expect(dup.stderr).toContain("The group name already exists. Please use another name.");
    const renamed = await herald(["groups", "rename", "vip", "Key Accounts"]);
    expect(renamed.stdout).toBe("Renamed group vip to Key Accounts\n");
    const first = JSON.parse((await herald(["contacts", "show", "6590000001", "--json"])).stdout) as {
      id: string;
    };
    writeFileSync(path.join(dir, "members.txt"), "6590000002\n# a comment\n+65 9000 0003\n");
    const add = await herald([
      "groups",
      "add-members",
      "Key Accounts",
      "--contacts",
      `${first.id},6590000004`,
      "--file",
      "members.txt",
      "--json",
    ]);
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(add.stdout)).toMatchObject({ requested: 4, added: 4, issues: [] });
    const again = await herald(["groups", "add-members", "key accounts", "--contacts", "6590000004"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("1 Contacts with issues !");
    expect(again.stdout).toContain("Already in group Key Accounts");
    const removed = await herald([
      "groups",
      "remove-members",
      "Key Accounts",
      "--contacts",
      "6590000004,6590000003",
    ]);
    expect(removed.stdout).toBe("Removed 2 contacts from Key Accounts (2 members left)\n");
    expect((await groupByName("Key Accounts"))?.total_recipients).toBe(2);
    const list = await herald(["groups", "list"]);
    expect(list.stdout).toMatch(/Key Accounts\s+2\n/);

    const noYes = await herald(["groups", "delete", "Key Accounts"]);
    expect(noYes.code, noYes.stderr).toBe(2);
    expect(noYes.stderr).toContain("Not a terminal: pass --yes");
    expect(await groupByName("Key Accounts")).toBeDefined();
    const del = await herald(["groups", "delete", "Key Accounts", "--yes"]);
    expect(del.stdout).toBe("Deleted group Key Accounts (its 2 contacts are kept)\n");
    expect(await groupByName("Key Accounts")).toBeUndefined();
    expect(await total()).toBe(before + 8821);
    expect((await herald(["groups", "rename", "Key Accounts", "X"])).stderr).toContain(
      "No group named Key Accounts",
    );
    expect((await herald(["groups", "add-members", "Imported"])).code).toBe(2);
  });

  it("contacts delete refuses without a terminal unless --yes; deletes with it", async () => {
    const noYes = await herald(["contacts", "delete", "6590000005"]);
    expect(noYes.code, noYes.stderr).toBe(2);
    expect(noYes.stderr).toContain("Not a terminal: pass --yes to delete without confirming");
    const del = await herald(["contacts", "delete", "6590000005", "6590000006", "--yes", "--json"]);
    expect(del.code, del.stderr).toBe(0);
    expect(JSON.parse(del.stdout)).toMatchObject({ deleted: 2 });
    expect((await herald(["contacts", "show", "6590000005"])).code).toBe(1);
  });

  it.skipIf(!hasScript)("asks on a pseudo-terminal: no keeps the contact, yes deletes it", async () => {
    const ask = (answer: string) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const command = `stty cols 100; exec ${process.execPath} ${bin} contacts delete 6590000007`;
        const child = spawn("script", ["-qfec", command, "/dev/null"], {
          cwd: dir,
          env: { ...process.env, HERALD_URL: server.url, XDG_CONFIG_HOME: configHome, HERALD_TOKEN: "" },
        });
        let output = "";
        let answered = false;
        child.stdout.on("data", (c: Buffer) => {
          output += c.toString();
          if (!answered && output.includes("Delete 1 contact?")) {
            answered = true;
            child.stdin.write(answer);
          }
        });
        child.on("close", (code) => resolve({ code, output }));
      });
    const no = await ask("n\r");
    expect(no.output).toContain("Delete 1 contact?");
    expect(no.output).toContain("Cancelled: nothing deleted");
    expect(no.code, no.output).toBe(1);
    expect((await herald(["contacts", "show", "6590000007"])).code).toBe(0);
    const yes = await ask("y\r");
    expect(yes.output).toContain("Deleted 1 contact");
    expect(yes.code, yes.output).toBe(0);
    expect((await herald(["contacts", "show", "6590000007"])).code).toBe(1);
  });

  it("Ctrl-C cancels the import on the server and says what was committed (exit 1)", async () => {
    writeFileSync(path.join(dir, "long.csv"), generated(80_000, 6580000000, "Cancel").text);
    const child = spawn(process.execPath, [bin, "contacts", "import", "long.csv"], {
      cwd: dir,
      env: { ...process.env, HERALD_URL: server.url, XDG_CONFIG_HOME: configHome, HERALD_TOKEN: "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    let sent = false;
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
      if (!sent && stderr.includes("Importing:")) {
        sent = true;
        child.kill("SIGINT");
      }
    });
    const code = await new Promise<number | null>((r) => child.on("close", r));
    expect(sent).toBe(true);
    expect(code).toBe(1);
    expect(stdout).toContain("Import cancelled: the batches committed before the stop are kept");
    const imported = Number(/Imported: ([\d,]+)/.exec(stdout)?.[1]?.replace(/,/g, ""));
    expect(imported).toBeLessThan(80_000 - 1600);
    expect(stderr).toContain(
      `herald: Cancelled: ${imported.toLocaleString("en-US")} contacts were committed`,
    );
    // the database holds exactly what was reported (counted through an export of those names)
    const ex = await herald(["contacts", "export", "--search", "Cancel", "--out", "cancel.csv"]);
    expect(ex.code, ex.stderr).toBe(0);
    const rows = parse(readFileSync(path.join(dir, "cancel.csv"), "utf8")) as string[][];
    expect(rows.length - 1).toBe(imported);
  });
});
