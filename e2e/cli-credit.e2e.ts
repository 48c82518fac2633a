import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
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

const cents = (sgd: number) => Math.round(sgd * 100);

describe("herald CLI against a running server: login, credit show, credit topup, logout", () => {
  let server: RunningServer;
  let owner: { email: string; password: string };
  let ownerToken: string;
  let agentId: string;
  const configHome = mkdtempSync(path.join(tmpdir(), "herald-cli-e2e-"));

  /** Runs the built CLI as its own process with no terminal; `input` goes to its standard input. */
  const herald = (args: string[], input?: string) =>
    new Promise<Ran>((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, ...args],
        {
          env: {
            ...process.env,
            HERALD_URL: server.url,
            XDG_CONFIG_HOME: configHome,
            HERALD_TOKEN: "",
          },
        },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(input ?? "");
    });

  const balances = async () => {
    const agent = await fetch(`${server.url}/api/userList?search=${encodeURIComponent(AGENT_EMAIL)}`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const list = (await agent.json()) as { data: { id: string; email: string; totalCredit: number }[] };
    const company = await apiPost<{ companyCredit: number }>(server.url, "/getCompany", {}, ownerToken);
    return {
      agent: cents(list.data.find((u) => u.email === AGENT_EMAIL)?.totalCredit ?? Number.NaN),
      company: cents(company.body.companyCredit),
    };
  };

  beforeAll(async () => {
    server = await startServer();
    owner = demoCredentials(server.output());
    ownerToken = await signInByApi(server.url, owner.email, owner.password);
    const list = await fetch(`${server.url}/api/userList?search=${encodeURIComponent(AGENT_EMAIL)}`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const body = (await list.json()) as { data: { id: string; email: string }[] };
    agentId = body.data.find((u) => u.email === AGENT_EMAIL)?.id ?? "";
    expect(agentId).not.toBe("");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses a credit command before sign-in, and a wrong password with the server's message", async () => {
    const before = await herald(["credit", "show"]);
    expect(before.code).toBe(1);
    expect(before.stderr).toContain("Not signed in: run herald login");
    const wrong = await herald(["login", "--email", owner.email, "--password-stdin"], "not-the-password\n");
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Invalid Email or Password");
    const noPassword = await herald(["login", "--email", owner.email]);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toMatch(/Not a terminal: pass --password-stdin/);
  });

  it("signs in with --password-stdin and keeps the token in credentials.json (0600)", async () => {
    const r = await herald(["login", "--email", owner.email, "--password-stdin"], `${owner.password}\n`);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Signed in as ${owner.email}\n`);
    const file = path.join(configHome, "herald", "credentials.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { token } = JSON.parse(readFileSync(file, "utf8")) as { token: string };
    const me = await apiPost<{ email: string }>(server.url, "/getProfile", {}, token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(owner.email);
  });

  it("shows my credit and the corporate balance, as text and as JSON", async () => {
    const now = await balances();
    const profile = await apiPost<{ userCredit: number }>(server.url, "/getProfile", {}, ownerToken);
    const json = await herald(["credit", "show", "--json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      userCredit: profile.body.userCredit,
      companyCredit: now.company / 100,
    });
    const text = await herald(["credit", "show"]);
    expect(text.code).toBe(0);
    const amount = (c: number) =>
      `SGD ${Math.floor(c / 100).toLocaleString("en-US")}.${String(c % 100).padStart(2, "0")}`;
    expect(text.stdout).toBe(
      `My credit: ${amount(cents(profile.body.userCredit))}\nCorporate credit: ${amount(now.company)}\n`,
    );
  });

  it("tops an agent up by 5.00 with --yes: both balances move, each invocation once", async () => {
    const start = await balances();
    const first = await herald([
      "credit",
      "topup",
      "--user",
      AGENT_EMAIL,
      "--amount",
      "5.00",
      "--yes",
      "--json",
    ]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const out = JSON.parse(first.stdout) as {
      userId: string;
      action: string;
      userCredit: number;
      companyCredit: number;
    };
    expect(out).toMatchObject({ userId: agentId, email: AGENT_EMAIL, action: "add", amount: 5 });
    const after = await balances();
    expect(after.agent).toBe(start.agent + 500);
    expect(after.company).toBe(start.company - 500);
    expect(cents(out.userCredit)).toBe(after.agent);
    expect(cents(out.companyCredit)).toBe(after.company);

    // a second invocation is a new request (its own Idempotency-Key): it moves again, exactly once
    const second = await herald(["credit", "topup", "--user", AGENT_EMAIL, "--amount", "5", "--yes"]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("Data Update Successful !");
    expect(second.stdout).toContain(AGENT_EMAIL);
    const again = await balances();
    expect(again.agent).toBe(start.agent + 1000);
    expect(again.company).toBe(start.company - 1000);
  });

  it("refuses to deduct more than the user has (server message, exit 1) and moves nothing", async () => {
    const start = await balances();
    const tooMuch = ((start.agent + 100) / 100).toFixed(2);
    const r = await herald([
      "credit",
      "topup",
      "--user",
      AGENT_EMAIL,
      "--amount",
      tooMuch,
      "--deduct",
      "--yes",
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("herald: Credit cannot go below 0");
    expect(await balances()).toEqual(start);
  });

  it("refuses usage errors with exit 2 and moves nothing: no --yes without a terminal, bad amounts, unknown user", async () => {
    const start = await balances();
    const noYes = await herald(["credit", "topup", "--user", AGENT_EMAIL, "--amount", "5"]);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toContain("pass --yes");
    for (const amount of ["0", "-1", "1.005", "abc"]) {
      const bad = await herald(["credit", "topup", "--user", AGENT_EMAIL, "--amount", amount, "--yes"]);
      expect(bad.code, amount).toBe(2);
      expect(bad.stderr, amount).toMatch(/--amount must be/);
    }
    const unknown = await herald([
      "credit",
      "topup",
      "--user",
      "nobody@demo.herald.local",
      "--amount",
      "1",
      "--yes",
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No user with the e-mail nobody@demo.herald.local");
    expect(await balances()).toEqual(start);
  });

  it("logs out: the token is revoked on the server and forgotten locally", async () => {
    const file = path.join(configHome, "herald", "credentials.json");
    const { token } = JSON.parse(readFileSync(file, "utf8")) as { token: string };
    const r = await herald(["logout"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("Signed out\n");
    expect((await apiPost(server.url, "/getProfile", {}, token)).status).toBe(401);
    const after = await herald(["credit", "show"]);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain("Not signed in: run herald login");
  });
});
