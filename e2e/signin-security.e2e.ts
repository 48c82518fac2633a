import { PASSWORD_COMPOSITION } from "@herald/domain";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, waitForMessage } from "./support/api";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

const PASSWORD = "Str0ng!Passw0rd";
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${counter++}@example.com`;
const uniqueMobile = () => `9${String(Date.now() % 1_000_000).padStart(6, "0")}${counter++ % 10}`;
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? "";
/** The journey server's wait between two codes (HERALD_OTP_RESEND_S). */
const RESEND_S = 6;

describe("sign-in security in the browser: two-factor page, verification resend, reset page", () => {
  let server: RunningServer;
  let browser: BrowserContext;

  beforeAll(async () => {
    // The wait between two codes (30 s by default) is the server's: shortened here, and the page counts down
    // from the server's value.
    server = await startServer({ HERALD_OTP_RESEND_S: String(RESEND_S) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const post = <T = Record<string, unknown>>(path: string, body: unknown, token?: string) =>
    apiPost<T>(server.url, path, body, token);

  /** Registers an owner through the API; verified unless told otherwise. */
  async function owner(opts: { verified?: boolean } = {}) {
    const user = { email: uniqueEmail("owner"), password: PASSWORD };
    const since = Date.now();
    const registered = await post("/register", {
      firstName: "Mei",
      lastName: "Ling",
      companyName: "Lion City Traders",
      email: user.email,
      password: PASSWORD,
      confirmPass: PASSWORD,
      country: "Singapore",
      contactNumber: `65${uniqueMobile()}`,
    });
    expect(registered.status).toBe(201);
    const mail = await waitForMessage(server.url, user.email, since);
    if (opts.verified !== false) {
      const [, id, token] = /auth-register\/([^/]+)\/([^/\s]+)$/.exec(mail.links[0] ?? "") ?? [];
      expect((await post("/verify", { id, token })).status).toBe(200);
    }
    return { ...user, link: mail.links[0] ?? "" };
  }

  async function freshPage(path = "/login"): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => localStorage.clear());
    if (path !== "/login") await page.goto(`${server.url}${path}`);
    return page;
  }

  const onServer = (link: string) => {
    const u = new URL(link);
    return `${server.url}${u.pathname}${u.search}`;
  };

  const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

  async function signIn(page: Page, email: string, password: string) {
    await field(page, "E-mail").fill(email);
    await field(page, "Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  const digits = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLInputElement>('input[aria-label$=" of 6"]'))
        .map((i) => i.value)
        .join(""),
    );

  it("two-factor page: names where the code went, keeps a wrong code selected for retyping, confirms a resend", {
    timeout: 150_000,
  }, async () => {
    const user = await owner();
    const login = await post<{ jwttoken: string }>("/login", { email: user.email, password: user.password });
    expect(
      (await post("/editMySecurity", { changePass: false, login2fa: "Y" }, login.body.jwttoken)).status,
    ).toBe(200);

    const page = await freshPage();
    const since = Date.now();
    await signIn(page, user.email, user.password);
    await page
      .getByRole("alertdialog", { name: "Two-factor authentication" })
      .getByRole("button", { name: "Send code" })
      .click();
    await page.waitForURL(/\/auths\/fapage-email\/[^/]+\/[^/]+$/);
    await page.getByText("We sent a 6-digit code to o***@example.com.", { exact: true }).waitFor();
    // Before the wait: the button counts down from the server's wait, and the server refuses a resend.
    const countdown = page.getByRole("button", { name: /^Resend code in \d+s$/ });
    const left = Number(/in (\d+)s/.exec((await countdown.textContent()) ?? "")?.[1]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(RESEND_S);
    expect(await countdown.getAttribute("aria-disabled")).toBe("true");
    const [, jwttoken, session] = /\/fapage-email\/([^/]+)\/([^/]+)$/.exec(page.url()) ?? [];
    const early = await post<{ message: string }>("/resendOtp", {
      jwttoken: decodeURIComponent(jwttoken ?? ""),
      sms: false,
      sessionId: decodeURIComponent(session ?? ""),
    });
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);

    const code = codeIn((await waitForMessage(server.url, user.email, since)).text);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
    await page.keyboard.type(wrong, { delay: 20 });
    await acknowledge(page, "Invalid OTP");

    // The digits stay, the first box has focus with its digit selected: typing replaces the code.
    expect(await digits(page)).toBe(wrong);
    await page.waitForFunction(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return (
        el?.getAttribute("aria-label") === "Digit 1 of 6" && el.selectionStart === 0 && el.selectionEnd === 1
      );
    });
    await page.getByText("Invalid OTP", { exact: true }).waitFor(); // also under the boxes

    // Resend (after its countdown: the server's wait) is allowed and says where the new code went.
    const resend = page.getByRole("button", { name: "Resend code", exact: true });
    await resend.waitFor({ timeout: (RESEND_S + 10) * 1000 });
    const resentSince = Date.now();
    await resend.click();
    await page
      .getByRole("status")
      .getByText("A new code has been sent to o***@example.com.", { exact: true })
      .waitFor();
    const fresh = codeIn((await waitForMessage(server.url, user.email, resentSince)).text);
    expect(fresh).toMatch(/^\d{6}$/);
    expect(await digits(page)).toBe(""); // a new code: the old digits are cleared

    // Wrong again, then the right code typed over the kept digits goes on its own at the last digit.
    const wrong2 = `${(Number(fresh[0]) + 1) % 10}${fresh.slice(1)}`;
    await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
    await page.keyboard.type(wrong2, { delay: 20 });
    await acknowledge(page, "Invalid OTP");
    expect(await digits(page)).toBe(wrong2);
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Digit 1 of 6");
    await page.keyboard.type(fresh, { delay: 20 });
    await page.waitForURL(/\/apps\/social-chat$/);
    await page.close();
  });

  it("too many wrong codes for the account: the two-factor page sends the user back to sign in, saying why", async () => {
    const user = await owner();
    const login = await post<{ jwttoken: string }>("/login", { email: user.email, password: user.password });
    expect(
      (await post("/editMySecurity", { changePass: false, login2fa: "Y" }, login.body.jwttoken)).status,
    ).toBe(200);
    // Nine wrong codes through the API, over two sign-in attempts (a code allows 5 tries).
    for (const tries of [5, 4]) {
      const pre = await post<{ jwttoken: string }>("/login", { email: user.email, password: user.password });
      const since = Date.now();
      const otp = await post<{ session_id: string }>("/requestOtp", {
        jwttoken: pre.body.jwttoken,
        sms: false,
      });
      const code = codeIn((await waitForMessage(server.url, user.email, since)).text);
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < tries; i++) {
        const r = await post("/verifyOtp", {
          jwttoken: pre.body.jwttoken,
          otptoken: wrong,
          session_id: otp.body.session_id,
        });
        expect(r.body).toEqual({ message: "Invalid OTP" });
      }
    }

    const page = await freshPage();
    const since = Date.now();
    await signIn(page, user.email, user.password);
    await page
      .getByRole("alertdialog", { name: "Two-factor authentication" })
      .getByRole("button", { name: "Send code" })
      .click();
    await page.waitForURL(/\/auths\/fapage-email\//);
    const code = codeIn((await waitForMessage(server.url, user.email, since)).text);
    const typedAt = Date.now();
    await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
    await page.keyboard.type(code === "000000" ? "111111" : "000000", { delay: 20 });
    await acknowledge(
      page,
      "Too many wrong codes. For your security, please sign in again later. We have sent a warning to the account's e-mail address.",
    );
    await page.waitForURL(/\/login$/);
    const warning = await waitForMessage(server.url, user.email, typedAt);
    expect(warning.subject).toBe("Too many wrong sign-in codes on your Herald account");
    await page.close();
  });

  it("unverified sign-in: the dialog offers a new verification e-mail, and its link verifies", async () => {
    const user = await owner({ verified: false });
    const page = await freshPage();
    await signIn(page, user.email, user.password);
    const dialog = page.getByRole("alertdialog", {
      name: "Please verify your email address before signing in. Check your inbox for the link.",
    });
    await dialog.waitFor();
    const since = Date.now();
    await dialog.getByRole("button", { name: "Resend verification e-mail" }).click();
    await dialog
      .getByText("If this address is waiting for verification, a new link is on its way.", { exact: true })
      .waitFor();
    await dialog.getByRole("button", { name: "OK", exact: true }).click();

    const mail = await waitForMessage(server.url, user.email, since);
    expect(mail.subject).toBe("Verify your e-mail address");
    expect(mail.links[0]).not.toBe(user.link);
    await page.goto(onServer(mail.links[0] ?? ""));
    await acknowledge(page, "Verify Successful !");
    await page.waitForURL(/\/login$/);
    await signIn(page, user.email, user.password);
    await page.waitForURL(/\/apps\/social-chat$/);
    await page.close();
  });

  it("reset page: the password rule shows once, and a refused reset shows the server's reason", async () => {
    const user = await owner();
    const since = Date.now();
    expect((await post("/forgotpassword", { email: user.email })).status).toBe(200);
    const mail = await waitForMessage(server.url, user.email, since);
    expect(mail.subject).toBe("Reset your password");
    const page = await freshPage();
    await page.goto(onServer(mail.links[0] ?? ""));
    await acknowledge(page, "Verify Successful !");

    const password = field(page, "New password");
    await password.fill("alllower123!");
    await field(page, "Confirm new password").click();
    await password.click();
    const rule = page.getByText(PASSWORD_COMPOSITION, { exact: true });
    await rule.first().waitFor();
    expect(await rule.filter({ visible: true }).count()).toBe(1);

    // The server refuses for its own reason: the page shows that reason.
    const reason = "This reset link has already been used. Please ask for a new one.";
    await page.route("**/api/reset", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ message: reason }),
      }),
    );
    await password.fill("Bright_Harbour42?");
    await field(page, "Confirm new password").fill("Bright_Harbour42?");
    await page.getByRole("button", { name: "Reset password", exact: true }).click();
    await acknowledge(page, reason);
    await page.close();
  });
});
