import { createServer, type Server } from "node:http";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { freePort, type RunningServer, startServer } from "./support/server";

/** A stand-in for the outside IP-geolocation service, on loopback. */
async function geoService(
  answer: () => { status: number; body: unknown },
): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((_req, res) => {
    const a = answer();
    res.writeHead(a.status, { "content-type": "application/json", "access-control-allow-origin": "*" });
    res.end(JSON.stringify(a.body));
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${port}/json`, server };
}

describe("registration country from IP geolocation (HERALD_GEOIP_URL)", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let geo: { url: string; server: Server };
  let answer = { status: 200, body: { country_name: "Malaysia", country_code: "MY" } as unknown };

  beforeAll(async () => {
    geo = await geoService(() => answer);
    server = await startServer({ HERALD_GEOIP_URL: geo.url, HERALD_DEMO: "false" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((r) => geo?.server.close(() => r()));
  });

  it("replaces the Singapore default with the looked-up country", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/auths/auth-register`);
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    const country = page.getByRole("combobox", { name: "Country" });
    await expect
      .poll(async () => `${await country.textContent()} ${errors.join(" | ")}`, { timeout: 15_000 })
      .toContain("Malaysia");
    await page.close();
  });

  it("keeps Singapore when the lookup fails", async () => {
    answer = { status: 500, body: { error: "down" } };
    const page = await browser.newPage();
    await page.goto(`${server.url}/auths/auth-register`);
    await page.getByRole("combobox", { name: "Country" }).waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByRole("combobox", { name: "Country" }).textContent()).toContain("Singapore");
    await page.close();
  });
});
