import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, logout } from "./commands/auth/login";
import { setUrl } from "./commands/config/set-url";
import { creditShow, formatCreditShow } from "./commands/credit/show";
import { creditTopup, formatTopup, parseAmount } from "./commands/credit/topup";
import { health } from "./commands/server/health";
import { configDir, resolveToken, resolveUrl, saveCredentials } from "./config";
import { CliError } from "./errors";
import type { Prompts } from "./session";

const here = path.dirname(fileURLToPath(import.meta.url));
const env = () => ({ XDG_CONFIG_HOME: mkdtempSync(path.join(tmpdir(), "herald-cli-")) }) as NodeJS.ProcessEnv;

describe("CLI config", () => {
  it("defaults to http://localhost:3000, then config.json, and HERALD_URL overrides", async () => {
    const e = env();
    expect(await resolveUrl(e)).toBe("http://localhost:3000");
    await setUrl("https://herald.example.com/", { env: e });
    expect(await resolveUrl(e)).toBe("https://herald.example.com");
    expect(await resolveUrl({ ...e, HERALD_URL: "http://other:4000/" })).toBe("http://other:4000");
  });

  it("refuses a URL that is not http(s) as a usage error", async () => {
    await expect(setUrl("ftp://x", { env: env() })).rejects.toMatchObject({ exitCode: 2 });
    await expect(setUrl("not a url", { env: env() })).rejects.toBeInstanceOf(CliError);
  });

  it("stores credentials with mode 0600; HERALD_TOKEN overrides", async () => {
    const e = env();
    await saveCredentials({ token: "abc" }, e);
    const file = path.join(configDir(e), "credentials.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ token: "abc" });
    expect(await resolveToken(e)).toBe("abc");
    expect(await resolveToken({ ...e, HERALD_TOKEN: "xyz" })).toBe("xyz");
  });
});

describe("herald health", () => {
  let server: Server;
  let url = "";
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/api/healthz") {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ status: "ok", database: "pglite", version: "0.1.0" }));
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("reports the server's status and database", async () => {
    expect(await health({ env: { ...env(), HERALD_URL: url } })).toEqual({
      url,
      status: "ok",
      database: "pglite",
      version: "0.1.0",
    });
  });

  it("fails with a clear message when the server cannot be reached", async () => {
    await expect(health({ env: { ...env(), HERALD_URL: "http://127.0.0.1:1" } })).rejects.toThrow(
      /Cannot reach/,
    );
  });

  it("runs as a built single file: --json prints only JSON, exit codes 0/1/2", async () => {
    // async: the test's own HTTP server must keep answering while the child runs
    const run = (args: string[], extraEnv: Record<string, string> = {}) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [bin, ...args],
          { env: { ...process.env, ...env(), HERALD_URL: url, ...extraEnv } },
          (err, stdout, stderr) =>
            resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    const bin = path.resolve(here, "../dist/herald.js");
    const ok = await run(["--json", "health"]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ status: "ok", database: "pglite" });
    const down = await run(["health"], { HERALD_URL: "http://127.0.0.1:1" });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/herald: Cannot reach/);
    const usage = await run(["no-such-command"]);
    expect(usage.code).toBe(2);
  });
});

/** A stand-in server for the sign-in and credit calls; records what it was sent. */
function fakeHerald() {
  const seen: { path: string; auth?: string; idempotencyKey?: string; body: unknown }[] = [];
  const agent = {
    id: "7b1f1c9e-3c0b-4c55-9a51-6f7c2f1d0a01",
    firstName: "Daniel",
    lastName: "Wong",
    email: "agent@demo.herald.local",
    totalCredit: 10,
    deletedAt: null,
  };
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString();
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      seen.push({
        path: url.pathname,
        auth: req.headers.authorization,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        body,
      });
      const send = (status: number, data: unknown) => {
        res.statusCode = status;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(data));
      };
      switch (url.pathname) {
        case "/api/login":
          if (body?.password !== "right") return send(400, { message: "Invalid Email or Password" });
          return body?.email === "twofa@x.test"
            ? send(200, { code: 2, jwttoken: "pre-1", message: "" })
            : send(200, { code: 1, jwttoken: "session-1", message: "Login Successfull" });
        case "/api/requestOtp":
          return send(200, {
            session_id: "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a02",
            jwttoken: "pre-2",
            destination: "t***@x.test",
          });
        case "/api/verifyOtp":
          return body?.otptoken === "123456" && body.jwttoken === "pre-2"
            ? send(200, { jwttoken: "session-2fa" })
            : send(400, { message: "Invalid OTP" });
        case "/api/getProfile":
          return send(200, { userCredit: 12.5, userRole: "admin" });
        case "/api/getCompany":
          return send(200, { companyId: "c", companyName: "Demo", companyCredit: 1234.5 });
        case "/api/userList":
          return send(200, {
            data: url.searchParams.get("search")?.includes("agent") ? [agent] : [],
            total: 1,
          });
        case "/api/editUserCredit":
          return send(200, { message: "Data Update Successful !", totalCredit: 15, companyCredit: 1229.5 });
        case "/api/logout":
          return send(200, { message: "Ok" });
        default:
          return send(404, { message: "Not Found" });
      }
    });
  });
  return { server, seen };
}

/** Answers prompts from a script and records the questions. */
function scripted(answers: { input?: string[]; password?: string[]; confirm?: boolean[] }) {
  const asked: string[] = [];
  const prompts: Prompts = {
    input: async (m) => {
      asked.push(m);
      return answers.input?.shift() ?? "";
    },
    password: async (m) => {
      asked.push(m);
      return answers.password?.shift() ?? "";
    },
    confirm: async (m) => {
      asked.push(m);
      return answers.confirm?.shift() ?? false;
    },
  };
  return { prompts, asked };
}

describe("herald login, logout and credit", () => {
  const fake = fakeHerald();
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((r) => fake.server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => fake.server.close(() => r())));
  const signedIn = async () => {
    const e = { ...env(), HERALD_URL: url };
    await saveCredentials({ token: "session-1" }, e);
    return e;
  };

  it("refuses to guess without a terminal: missing e-mail or password is a usage error (exit 2)", async () => {
    const e = { ...env(), HERALD_URL: url };
    await expect(login({}, { env: e, interactive: false })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/Not a terminal: pass --email and --password-stdin/),
    });
    await expect(login({ email: "a@x.test" }, { env: e, interactive: false })).rejects.toMatchObject({
      exitCode: 2,
    });
    await expect(
      login(
        { email: "a@x.test", passwordStdin: true },
        { env: e, interactive: false, readStdin: async () => "\n" },
      ),
    ).rejects.toMatchObject({ exitCode: 2 });
    expect(await resolveToken(e)).toBeUndefined();
  });

  it("asks for what is missing on a terminal, shows the server's message and saves nothing on refusal", async () => {
    const e = { ...env(), HERALD_URL: url };
    const wrong = scripted({ input: ["a@x.test"], password: ["wrong"] });
    await expect(login({}, { env: e, interactive: true, prompts: wrong.prompts })).rejects.toMatchObject({
      exitCode: 1,
      message: "Invalid Email or Password",
    });
    expect(wrong.asked).toEqual(["E-mail", "Password"]);
    expect(await resolveToken(e)).toBeUndefined();
    const right = scripted({ password: ["right"] });
    expect(await login({ email: "a@x.test" }, { env: e, interactive: true, prompts: right.prompts })).toEqual(
      {
        email: "a@x.test",
      },
    );
    expect(right.asked).toEqual(["Password"]);
    expect(await resolveToken(e)).toBe("session-1");
  });

  it("signs in with two-factor: requests an e-mailed code, asks for it, keeps the verified token", async () => {
    const e = { ...env(), HERALD_URL: url };
    const s = scripted({ input: ["123456"] });
    await login(
      { email: "twofa@x.test", passwordStdin: true },
      { env: e, interactive: true, prompts: s.prompts, readStdin: async () => "right\n" },
    );
    expect(s.asked).toEqual(["Code sent to t***@x.test"]);
    expect(fake.seen.find((r) => r.path === "/api/requestOtp")?.body).toEqual({
      jwttoken: "pre-1",
      sms: false,
    });
    expect(await resolveToken(e)).toBe("session-2fa");
    // without a terminal the code cannot be asked for
    await expect(
      login(
        { email: "twofa@x.test", passwordStdin: true },
        { env: { ...env(), HERALD_URL: url }, interactive: false, readStdin: async () => "right" },
      ),
    ).rejects.toMatchObject({ exitCode: 2 });
  });

  it("logout revokes on the server and forgets the token; then every credit command says Not signed in", async () => {
    const e = await signedIn();
    await logout({ env: e });
    expect(fake.seen.at(-1)).toMatchObject({ path: "/api/logout", auth: "Bearer session-1" });
    expect(await resolveToken(e)).toBeUndefined();
    await expect(creditShow({ env: e })).rejects.toMatchObject({
      exitCode: 1,
      message: "Not signed in: run herald login",
    });
    await expect(
      creditTopup(
        { user: "agent@demo.herald.local", amount: "5", yes: true },
        { env: e, interactive: false },
      ),
    ).rejects.toMatchObject({ exitCode: 1, message: "Not signed in: run herald login" });
  });

  it("credit show: my credit and the corporate balance, two decimals", async () => {
    const r = await creditShow({ env: await signedIn() });
    expect(r).toEqual({ userCredit: 12.5, companyCredit: 1234.5 });
    expect(formatCreditShow(r)).toBe("My credit: SGD 12.50\nCorporate credit: SGD 1,234.50\n");
    expect(formatCreditShow({ userCredit: 3 })).toBe("My credit: SGD 3.00\n");
  });

  it("credit topup: amounts are more than 0 with at most two decimals, else exit 2", () => {
    expect(parseAmount("5")).toBe(500);
    expect(parseAmount("5.5")).toBe(550);
    expect(parseAmount("0.01")).toBe(1);
    for (const bad of ["0", "0.00", "-1", "1.005", "1e3", "abc", "", "5,00"])
      expect(() => parseAmount(bad), bad).toThrow(expect.objectContaining({ exitCode: 2 }));
  });

  it("credit topup refuses without a terminal unless --yes, before calling the server", async () => {
    const e = await signedIn();
    const before = fake.seen.length;
    await expect(
      creditTopup({ user: "agent@demo.herald.local", amount: "5" }, { env: e, interactive: false }),
    ).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining("--yes") });
    await expect(
      creditTopup({ amount: "5", yes: true }, { env: e, interactive: false }),
    ).rejects.toMatchObject({
      exitCode: 2,
    });
    await expect(
      creditTopup(
        { user: "agent@demo.herald.local", amount: "0", yes: true },
        { env: e, interactive: false },
      ),
    ).rejects.toMatchObject({ exitCode: 2 });
    expect(fake.seen.length).toBe(before);
  });

  it("credit topup confirms on a terminal, sends one fresh Idempotency-Key per invocation", async () => {
    const e = await signedIn();
    const no = scripted({ confirm: [false] });
    await expect(
      creditTopup(
        { user: "agent@demo.herald.local", amount: "5" },
        { env: e, interactive: true, prompts: no.prompts },
      ),
    ).rejects.toMatchObject({ exitCode: 1, message: "Cancelled: no credit moved" });
    expect(no.asked).toEqual(["Add SGD 5.00 to Daniel Wong (agent@demo.herald.local)?"]);
    expect(fake.seen.some((r) => r.path === "/api/editUserCredit")).toBe(false);

    const yes = scripted({ confirm: [true] });
    const r = await creditTopup(
      { user: "agent@demo.herald.local", amount: "5", deduct: true },
      { env: e, interactive: true, prompts: yes.prompts },
    );
    expect(yes.asked).toEqual(["Deduct SGD 5.00 from Daniel Wong (agent@demo.herald.local)?"]);
    expect(r).toMatchObject({ action: "deduct", amount: 5, userCredit: 15, companyCredit: 1229.5 });
    expect(formatTopup(r)).toBe(
      "Data Update Successful !\nDaniel Wong (agent@demo.herald.local): SGD 15.00\nCorporate credit: SGD 1,229.50\n",
    );
    await creditTopup(
      { user: "agent@demo.herald.local", amount: "5", yes: true },
      { env: e, interactive: false },
    );
    const edits = fake.seen.filter((x) => x.path === "/api/editUserCredit");
    expect(edits.map((x) => x.body)).toEqual([
      { id: "7b1f1c9e-3c0b-4c55-9a51-6f7c2f1d0a01", amount: 5, action: "deduct" },
      { id: "7b1f1c9e-3c0b-4c55-9a51-6f7c2f1d0a01", amount: 5, action: "add" },
    ]);
    const keys = edits.map((x) => x.idempotencyKey ?? "");
    for (const k of keys) expect(k).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(2);
  });

  it("credit topup: an e-mail that matches no user exactly fails (exit 1)", async () => {
    await expect(
      creditTopup(
        { user: "agent@demo.herald", amount: "5", yes: true },
        { env: await signedIn(), interactive: false },
      ),
    ).rejects.toMatchObject({ exitCode: 1, message: "No user with the e-mail agent@demo.herald" });
  });
});
