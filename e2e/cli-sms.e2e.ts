import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});
