import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = path.join(root, "packages/cli/dist/herald.js");

/** Two READY rows, then one row of each kind the wizard refuses: invalid number, missing value, duplicate. */
const CSV = [
  "mobile,name,first,order,day",
  "+6591110001,Siti,Siti,A1,Friday",
  "6591110002,Ahmad,Ahmad,A2,Monday",
  "123,Bad,Bad,A3,Monday",
  "6591110003,Gap,Gap,,Monday",
  "6591110001,Twice,Twice,A5,Monday",
].join("\n");

/** The sandbox channel's rate (messages per second): slow enough that a longer broadcast can be paused. */
const RATE = 4;

interface Breakdown {
  id: string;
  status: string;
  stats: { total: number; sent: number; delivered: number; read: number; failed: number };
}

/**
 * Broadcasts against the real server: a WhatsApp template broadcast (sandbox channel, its sample template
 * order_update) from a CSV with one bad row of each kind, from the wizard and from `herald broadcast send`; the
 * report fills in live, the subscriber sees the message on the sandbox page, and a longer broadcast is paused
 * and resumed from the report page.
 */
describe("broadcasts against the real server: wizard, live report, sandbox subscriber, pause/resume, CLI", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let token: string;
  let channelId: string;
  const dir = mkdtempSync(path.join(tmpdir(), "herald-broadcast-"));
  const file = path.join(dir, "customers.csv");

  const api = async <T>(p: string): Promise<T> => {
    const res = await fetch(`${server.url}/api${p}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, p).toBe(200);
    return (await res.json()) as T;
  };
  const breakdown = (id: string) => api<Breakdown>(`/social-chat/broadcast/${id}`);

  const herald = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, ...args],
        {
          cwd: dir,
          env: {
            ...process.env,
            HERALD_URL: server.url,
            HERALD_TOKEN: token,
            XDG_CONFIG_HOME: path.join(dir, "config"),
          },
          maxBuffer: 16 * 1024 * 1024,
        },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end();
    });

  /** A stat card's figure on the open report page (Total, Sent, Delivered, Read, Failed). */
  const stat = async (page: Page, label: string) =>
    (
      (await page
        .getByRole("region", { name: "Delivery" })
        .getByRole("group", { name: label, exact: true })
        .textContent()) ?? ""
    )
      .replace(label, "")
      .trim();

  async function signedInPage(): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), token);
    return page;
  }

  beforeAll(async () => {
    server = await startServer({ HERALD_BROADCAST_RATE_WHATSAPP: String(RATE) });
    browser = await launchBrowser();
    const owner = demoCredentials(server.output());
    token = await signInByApi(server.url, owner.email, owner.password);
    // A sandbox WhatsApp channel, connected as the portal's connect page does, and its templates synced.
    const link = await apiPost<{ link: string }>(
      server.url,
      "/social-chat/channel/connect-channel",
      { channelType: "WHATSAPP" },
      token,
    );
    expect(link.status).toBe(200);
    const connected = await apiPost<{ id: string }>(
      server.url,
      "/social-chat/channel/connect",
      {
        token: new URL(link.body.link).searchParams.get("token"),
        channelType: "WHATSAPP",
        name: "Sandbox WhatsApp",
        mode: "sandbox",
        departmentIds: [],
      },
      token,
    );
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    channelId = connected.body.id;
    const sync = await apiPost(server.url, `/social-chat/channel/${channelId}/sync-ws-templates`, {}, token);
    expect(sync.status).toBe(200);
    writeFileSync(file, CSV);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("sends a template from a file in the wizard; the report fills in live; the subscriber sees it", async () => {
    const page = await signedInPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/apps/social-broadcast`);
    const next = () => page.getByRole("button", { name: "Next" }).click();
    const choose = async (label: string, option: string) => {
      await page.getByRole("combobox", { name: label }).click();
      await page.getByRole("option", { name: option }).click();
    };
    await page.getByRole("textbox", { name: "Broadcast Name" }).fill("Orders this week");
    await next(); // the server checks the name first
    await page.getByRole("combobox", { name: "Campaign" }).waitFor();
    await next(); // no campaign
    await page.getByRole("radio", { name: "WhatsApp template" }).click();
    await page.getByRole("radio", { name: "File" }).click();
    await choose("Channel", "Sandbox WhatsApp");
    await page.locator('input[type="file"]').last().setInputFiles(file);
    await page.getByText("customers.csv").waitFor();
    // the file is read in the browser: Next waits until its rows are there (the warning goes)
    await page.getByTestId("recipient-warning").waitFor({ state: "detached" });
    await next();
    await choose("Template", "order_update (en_US)");
    await page.getByRole("textbox", { name: "Header variable {{1}}" }).fill("A1");
    await next();

    // Summary: every row's readiness before sending
    const readiness = page.getByRole("region", { name: "Recipient readiness" });
    for (const label of ["READY: 2", "INVALID PHONE NUMBER: 1", "MISSING VALUE: 1", "DUPLICATED: 1"])
      await readiness.getByText(label, { exact: true }).waitFor();
    const rows = readiness.getByRole("list", { name: "Recipients" });
    await rows
      .getByRole("listitem")
      .filter({ hasText: "Row 3: 123 Bad" })
      .getByText("INVALID PHONE NUMBER")
      .waitFor();
    await rows.getByRole("listitem").filter({ hasText: "Row 4:" }).getByText("MISSING VALUE").waitFor();
    await rows.getByRole("listitem").filter({ hasText: "Row 5:" }).getByText("DUPLICATED").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Send" }).click();
    // a success is a toast (nothing to acknowledge): the wizard goes on to the report
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText(/^Broadcast (Received|Executed)$/)
      .first()
      .waitFor();
    await page.waitForURL((u) => /^\/apps\/social-broadcast-report\/[0-9a-f-]{36}$/.test(u.pathname));
    const id = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("heading", { name: "Orders this week", level: 2 }).waitFor();
    // a mark on the window: it survives only if the page is never reloaded
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    // The counts rise on the open page (polling and events) until both READY rows are delivered.
    await expect.poll(() => stat(page, "Delivered"), { timeout: 60_000 }).toBe("2");
    expect(await stat(page, "Sent")).toBe("2");
    expect(await stat(page, "Total")).toBe("5");
    await page.getByText("Finished", { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    const table = page.getByRole("table", { name: "Recipients" });
    await table.getByText("INVALID PHONE NUMBER").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await breakdown(id)).toMatchObject({ status: "done", stats: { total: 5, sent: 2, delivered: 2 } });

    // The subscriber's side: the sandbox page of the channel shows the template message to Siti's number.
    const subscriber = await browser.newPage();
    await subscriber.goto(`${server.url}/_sandbox/channels`);
    await subscriber.getByRole("link", { name: "Sandbox WhatsApp" }).click();
    await subscriber.goto(`${server.url}/_sandbox/channels/${channelId}?platformId=6591110001&name=Siti`);
    await subscriber.getByText("[template order_update]", { exact: false }).first().waitFor();
    await subscriber.close();
    await page.close();
  });

  it("pauses and resumes a running broadcast from its report page", async () => {
    // ROWS READY rows at RATE messages per second: about 10 s of sending, paused (through the API, at once)
    // while the report page loads, so the page's own Pause and Resume act on a running broadcast.
    const ROWS = 40;
    const many = ["mobile,name,first,order,day"];
    for (let i = 1; i <= ROWS; i++) many.push(`65912${String(20000 + i)},Person ${i},P${i},B${i},Sunday`);
    const longFile = path.join(dir, "many.csv");
    writeFileSync(longFile, many.join("\n"));
    const started = await herald([
      "broadcast",
      "send",
      "--channel",
      channelId,
      "--file",
      longFile,
      "--template",
      "order_update",
      "--lang",
      "en_US",
      "--header-var",
      "B",
      "--name",
      "Long run",
      "--no-follow",
      "--yes",
      "--json",
    ]);
    expect(started.code, started.stderr).toBe(0);
    const id = (JSON.parse(started.stdout) as { broadcastId: string }).broadcastId;
    const paused = await apiPost(server.url, `/social-chat/broadcast/${id}/pause`, {}, token);
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect((await breakdown(id)).status).toBe("paused");

    const page = await signedInPage();
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto(`${server.url}/apps/social-broadcast-report/${id}`);
    await page.getByRole("heading", { name: "Long run", level: 2 }).waitFor();
    // Running again from the page, then paused from the page.
    await page.getByRole("button", { name: "Resume" }).click();
    await page.getByText("Sending", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Pause" }).click();
    await page.getByText("Paused", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Resume" }).waitFor();
    await expect.poll(async () => (await breakdown(id)).status).toBe("paused");
    // Paused: what is sent stays short of the READY rows (the messages in flight may still finish).
    const held = (await breakdown(id)).stats.sent;
    expect(held).toBeLessThan(ROWS);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Resume" }).click();
    await page.getByText("Sending", { exact: true }).waitFor();
    // the open page's Sent figure rises past the paused count without a reload
    await expect
      .poll(async () => Number((await stat(page, "Sent")).replace(/,/g, "")), { timeout: 120_000 })
      .toBeGreaterThan(held);
    await expect
      .poll(async () => (await breakdown(id)).stats.sent, { timeout: 120_000 })
      .toBeGreaterThan(held);
    await expect
      .poll(async () => (await breakdown(id)).status, { timeout: 120_000, interval: 1000 })
      .toBe("done");
    expect((await breakdown(id)).stats.sent).toBe(ROWS);
    await page.getByText("Finished", { exact: true }).waitFor({ timeout: 30_000 });
    expect(await stat(page, "Sent")).toBe(String(ROWS));
    await page.close();
  });

  it("herald broadcast send --yes --json: the same file's counts, the report file, followed until done; export", async () => {
    const r = await herald([
      "broadcast",
      "send",
      "--channel",
      channelId,
      "--file",
      "customers.csv",
      "--template",
      "order_update",
      "--lang",
      "en_US",
      "--header-var",
      "A1",
      "--name",
      "Orders from the CLI",
      "--yes",
      "--json",
    ]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      broadcastId: string;
      readiness: Record<string, number>;
      report: string;
      followed: boolean;
      progress: Breakdown;
    };
    expect(out.readiness).toEqual({
      total: 5,
      ready: 2,
      invalidPhoneNumber: 1,
      missingValue: 1,
      duplicated: 1,
    });
    expect(out.followed).toBe(true);
    expect(out.progress.status).toBe("done");
    expect(out.progress.stats.sent).toBe(2);
    expect(out.report).toBe("customers.issues.csv");
    const issues = parse(readFileSync(path.join(dir, out.report), "utf8")) as string[][];
    expect(issues).toEqual([
      ["Row", "Mobile", "Name", "Issue"],
      ["3", "123", "Bad", "INVALID PHONE NUMBER"],
      ["4", "6591110003", "Gap", "MISSING VALUE"],
      ["5", "6591110001", "Twice", "DUPLICATED"],
    ]);

    const status = await herald(["broadcast", "status", out.broadcastId]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain("Orders from the CLI");
    expect(status.stdout).toContain("done");
    const list = await herald(["broadcast", "list", "--json"]);
    expect((JSON.parse(list.stdout) as { name: string }[]).map((b) => b.name)).toEqual(
      expect.arrayContaining(["Orders from the CLI", "Orders this week", "Long run"]),
    );
    const done = await herald(["broadcast", "pause", out.broadcastId]);
    expect(done.code).toBe(1);
    expect(done.stderr).toContain("The broadcast is done.");

    const exported = await herald(["broadcast", "export", out.broadcastId, "--out", "cli.csv"]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(existsSync(path.join(dir, "cli.csv"))).toBe(true);
    const rows = parse(readFileSync(path.join(dir, "cli.csv"), "utf8"), { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.map((x) => [x.Row, x.Mobile, x.Readiness])).toEqual([
      ["1", "6591110001", "READY"],
      ["2", "6591110002", "READY"],
      ["3", "123", "INVALID PHONE NUMBER"],
      ["4", "6591110003", "MISSING VALUE"],
      ["5", "6591110001", "DUPLICATED"],
    ]);
    expect(rows[0]?.Status).toMatch(/^(Delivered|Read)$/);
    expect(rows[0]?.["Sent At"]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
