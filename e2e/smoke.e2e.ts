import { validatePassword } from "@herald/domain";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

describe("smoke: a fresh server and the portal", () => {
  let server: RunningServer;
  let browser: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    const code = await server?.stop();
    expect(code).toBe(0); // graceful shutdown
  });

  it("answers /api/healthz with 200", async () => {
    const res = await fetch(`${server.url}/api/healthz`);
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe("ok");
  });

  it("prints the demo owner's credentials once, with a password that meets the rules", () => {
    const out = server.output();
    const email = /e-mail:\s+(\S+)/.exec(out)?.[1];
    const password = /password:\s+(\S+)/.exec(out)?.[1];
    expect(email).toBe("owner@demo.herald.local");
    expect(password && validatePassword(password)).toBeNull();
  });

  it("prints the demo operator's one-time link, which sets the operator's password once", async () => {
    const link = /(http\S+\/operator\/activate\?token=\S+)/.exec(server.output())?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get("token");
    const activate = (password: string) =>
      fetch(`${server.url}/api/operator/activate`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token, name: "Demo Operator", password }),
      });
    expect((await activate("Operator-Console7!x")).status).toBe(200);
    expect((await activate("Operator-Console7!y")).status).toBe(400); // single use
  });

  it("shows the not-found page for an unknown route, with a Back To Home link to /", async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${server.url}/no/such/screen`);
    expect(res?.status()).toBe(200);
    await page.getByText("OOPS! Page not found!").waitFor();
    const back = page.getByRole("link", { name: "Back To Home" });
    expect(await back.getAttribute("href")).toBe("/");
    await page.close();
  });

  it("serves the sandbox mailbox page", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/_sandbox`);
    await page.getByRole("heading", { name: "Sandbox mailbox" }).waitFor();
    await page.close();
  });
});
