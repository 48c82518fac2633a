import { validateNewPassword } from "@herald/domain";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

interface SandboxMessage {
  id: string;
  kind: "email" | "sms";
  to: string;
  subject: string | null;
  text: string;
  links: string[];
}

const PASSWORD = "Str0ng!Passw0rd";
const NEW_PASSWORD = "Bright_Harbour42?";

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${counter++}@example.com`;
/** A Singapore mobile number (8 digits starting with 9), different for every user of the run. */
const uniqueMobile = () => `9${String(Date.now() % 1_000_000).padStart(6, "0")}${counter++ % 10}`;
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? "";

describe("accounts: registration, verification, sign-in, two-factor and password reset in the browser", () => {
  let server: RunningServer;
  let browser: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // ---- helpers ----

  async function messages(): Promise<SandboxMessage[]> {
    const res = await fetch(`${server.url}/_sandbox/messages.json`);
    expect(res.status).toBe(200);
    return (await res.json()) as SandboxMessage[];
  }

  /** Waits for the newest sandbox message matching `match` that is not in `seen`. */
  async function waitForMessage(
    match: (m: SandboxMessage) => boolean,
    seen: ReadonlySet<string> = new Set(),
  ): Promise<SandboxMessage> {
    const until = Date.now() + 20_000;
    for (;;) {
      const found = (await messages()).find((m) => match(m) && !seen.has(m.id));
      if (found) return found;
      if (Date.now() > until) throw new Error("no sandbox message arrived in time");
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const seenIds = async () => new Set((await messages()).map((m) => m.id));

  async function post(path: string, body: unknown, token?: string) {
    const res = await fetch(`${server.url}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** A verified owner created through the API (register, then the verification link's id and token). */
  async function verifiedUser() {
    const user = { email: uniqueEmail("owner"), password: PASSWORD, mobile: uniqueMobile() };
    const registered = await post("/register", {
      firstName: "Mei",
      lastName: "Ling",
      companyName: "Lion City Traders",
      email: user.email,
      password: PASSWORD,
      confirmPass: PASSWORD,
      country: "Singapore",
      contactNumber: `65${user.mobile}`,
    });
    expect(registered.status).toBe(201);
    const mail = await waitForMessage((m) => m.kind === "email" && m.to === user.email);
    const [, id, token] = /auth-register\/([^/]+)\/([^/\s]+)$/.exec(mail.links[0] ?? "") ?? [];
    expect((await post("/verify", { id, token })).status).toBe(200);
    return user;
  }

  /** A page with no session (the browser profile is shared by the tests of this file). */
  async function freshPage(path = "/login"): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => localStorage.clear());
    if (path !== "/login") await page.goto(`${server.url}${path}`);
    return page;
  }

  /** The links in mail point at HERALD_PUBLIC_URL (localhost); open the same path on the test server. */
  const onServer = (link: string) => {
    const u = new URL(link);
    return `${server.url}${u.pathname}${u.search}`;
  };

  /** A text or password input by its accessible name (the label without the required mark). */
  const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

  async function signIn(page: Page, email: string, password: string) {
    await field(page, "E-mail").fill(email);
    await field(page, "Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  async function typeCode(page: Page, code: string) {
    await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
    await page.keyboard.type(code, { delay: 20 });
  }

  const token = (page: Page) => page.evaluate(() => localStorage.getItem("userToken"));

  // ---- journeys ----

  it("a. registers, opens the verification link from the mail, and signs in to the chat home", async () => {
    const email = uniqueEmail("new");
    const mobile = uniqueMobile();
    const page = await freshPage();
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL(/\/auths\/auth-register$/);

    await field(page, "First name").fill("Arjun");
    await field(page, "Last name").fill("Nair");
    await field(page, "Company name").fill("Marina Bay Florists");
    await field(page, "E-mail").fill(email);
    await field(page, "Password").fill(PASSWORD);
    await field(page, "Confirm password").fill(PASSWORD);
    // Singapore and +65 by default (no IP-geolocation configured on the test server).
    expect(await page.getByRole("combobox", { name: "Country" }).textContent()).toContain("Singapore");
    await field(page, "Contact number").fill(mobile);
    await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).click();
    await page.getByRole("button", { name: "Sign up", exact: true }).click();

    await acknowledge(page, "Please check your email for verification !", { icon: "Success" });
    await page.waitForURL(/\/login$/);

    const mail = await waitForMessage((m) => m.kind === "email" && m.to === email);
    expect(mail.subject).toBe("Verify your e-mail address");
    const link = mail.links[0] ?? "";
    expect(link).toMatch(/\/auths\/auth-register\/[^/]+\/[^/]+$/);
    await page.goto(onServer(link));
    await acknowledge(page, "Verify Successful !", { icon: "Success" });
    // "/" sends a visitor without a session on to the sign-in page.
    await page.waitForURL(/\/login$/);

    // The verification link works once.
    await page.goto(onServer(link));
    await acknowledge(page, "Invalid or expired token", { icon: "Error" });
    await page.waitForURL(/\/login$/);

    await signIn(page, email, PASSWORD);
    await page.waitForURL(/\/apps\/social-chat$/);
    const jwt = await token(page);
    expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await page.close();
  });

  it("b. resets a forgotten password from the mailed link: the old password fails, the new one works", async () => {
    expect(validateNewPassword(NEW_PASSWORD)).toBeNull();
    const user = await verifiedUser();
    const page = await freshPage();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(/\/auths\/auth-reset$/);
    await field(page, "E-mail").fill(user.email);
    await page.keyboard.press("Enter");
    await acknowledge(page, "Reset password link has been sent !", { icon: "Success" });

    const mail = await waitForMessage(
      (m) => m.kind === "email" && m.to === user.email && /reset-pass/.test(m.links[0] ?? ""),
    );
    expect(mail.subject).toBe("Reset your password");
    await page.goto(onServer(mail.links[0] ?? ""));
    await acknowledge(page, "Verify Successful !", { text: "Please reset your password" });

    await field(page, "New password").fill(NEW_PASSWORD);
    await field(page, "Confirm new password").fill(`${NEW_PASSWORD}x`);
    await page.getByText("Passwords do not match", { exact: true }).waitFor();
    await field(page, "Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset password", exact: true }).click();
    await acknowledge(page, "Password Reset Successful !", { icon: "Success" });
    await page.waitForURL(/\/login$/);

    await signIn(page, user.email, user.password);
    await acknowledge(page, "Invalid Email or Password", { icon: "Error" });
    expect(await token(page)).toBeNull();

    await field(page, "Password").fill(NEW_PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/apps\/social-chat$/);
    expect(await token(page)).not.toBeNull();
    await page.close();
  });

  it("c. signs in with two-factor codes by e-mail, then by SMS after switching channel; a wrong code is refused", async () => {
    const user = await verifiedUser();
    const login = await post("/login", { email: user.email, password: user.password });
    expect(login.body.code).toBe(1);
    const enabled = await post(
      "/editMySecurity",
      { changePass: false, login2fa: "Y" },
      String(login.body.jwttoken),
    );
    expect(enabled.status).toBe(200);

    // --- by e-mail ---
    const page = await freshPage();
    let seen = await seenIds();
    await signIn(page, user.email, user.password);
    const confirm = page.getByRole("alertdialog", { name: "Two-factor authentication" });
    await confirm.getByText("A one-time code will be sent to your e-mail.").waitFor();
    await confirm.getByRole("button", { name: "Send code" }).click();
    await page.waitForURL(/\/auths\/fapage-email\/[^/]+\/[^/]+$/);
    expect(await page.evaluate(() => sessionStorage.getItem("otpSessionId"))).toBe(
      decodeURIComponent(page.url().split("/").at(-1) ?? ""),
    );
    // Resend waits 30 seconds after a code was sent.
    const resend = page.getByRole("button", { name: /^Resend code in \d+s$/ });
    expect(await resend.isDisabled()).toBe(true);
    // By default the countdown is 30 seconds (the server's HERALD_OTP_RESEND_S, unset here).
    expect(Number(/in (\d+)s/.exec((await resend.textContent()) ?? "")?.[1])).toBeGreaterThan(20);

    const emailCode = codeIn(
      (await waitForMessage((m) => m.kind === "email" && m.to === user.email, seen)).text,
    );
    expect(emailCode).toMatch(/^\d{6}$/);
    const wrong = `${(Number(emailCode[0]) + 1) % 10}${emailCode.slice(1)}`;
    await typeCode(page, wrong);
    await acknowledge(page, "Invalid OTP", { icon: "Error" });
    expect(page.url()).toMatch(/\/auths\/fapage-email\//);

    await typeCode(page, emailCode);
    await page.waitForURL(/\/apps\/social-chat$/);
    expect(await token(page)).not.toBeNull();

    // --- sign out, sign in again, switch to SMS ---
    await page.evaluate(() => localStorage.removeItem("userToken"));
    await page.goto(`${server.url}/login`);
    await signIn(page, user.email, user.password);
    await page
      .getByRole("alertdialog", { name: "Two-factor authentication" })
      .getByRole("button", { name: "Send code" })
      .click();
    await page.waitForURL(/\/auths\/fapage-email\//);
    seen = await seenIds();
    await page.getByRole("button", { name: "Send the code by SMS instead" }).click();
    await page.waitForURL(/\/auths\/fapage-sms\/[^/]+\/[^/]+$/);
    await page.getByRole("button", { name: "Send the code by e-mail instead" }).waitFor();

    const sms = await waitForMessage((m) => m.kind === "sms" && m.to === `65${user.mobile}`, seen);
    const smsCode = codeIn(sms.text);
    expect(smsCode).toMatch(/^\d{6}$/);
    await typeCode(page, smsCode);
    await page.waitForURL(/\/apps\/social-chat$/);
    expect(await token(page)).not.toBeNull();
    await page.close();
  });

  it("d. registration form: Sign up waits for the terms, field rules show under the fields, a taken e-mail is refused", async () => {
    const existing = await verifiedUser();
    const page = await freshPage("/auths/auth-register");
    const signUp = page.getByRole("button", { name: "Sign up", exact: true });
    await signUp.waitFor();
    expect(await signUp.isDisabled()).toBe(true);
    await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).click();
    expect(await signUp.isDisabled()).toBe(false);

    // Sending the empty form shows the spec's messages under the fields, linked by aria-describedby.
    await signUp.click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Email Address is required",
      "Password is required",
      "Please confirm your password",
      "Contact Number is required",
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    const firstName = field(page, "First name");
    const describedBy = (await firstName.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${describedBy.split(" ")[0]}"]`).textContent()).toBe(
      "First name is required",
    );

    await field(page, "Password").fill(PASSWORD);
    await field(page, "Confirm password").fill(`${PASSWORD}?`);
    await page.getByText("Passwords do not match!", { exact: true }).waitFor();
    await field(page, "Confirm password").fill(PASSWORD);
    await page.getByText("Passwords do not match!", { exact: true }).waitFor({ state: "detached" });

    const contact = field(page, "Contact number");
    await contact.fill("12-345");
    expect(await contact.inputValue()).toBe("12345");
    await page.getByText("Contact Number cannot be less than 7 digits", { exact: true }).waitFor();
    await contact.fill("12345678901234567890");
    expect(await contact.inputValue()).toBe("1234567890123456");
    await page.getByText("Contact Number cannot exceed 15 digits.", { exact: true }).waitFor();
    await contact.fill(uniqueMobile());

    await firstName.fill("Siti");
    await field(page, "Last name").fill("Rahman");
    await field(page, "Company name").fill("Kampong Glam Textiles");
    await field(page, "E-mail").fill("not-an-email");
    await page.getByText("Invalid email format", { exact: true }).waitFor();
    await field(page, "E-mail").fill(existing.email.toUpperCase());
    await signUp.click();
    await acknowledge(page, "That email is taken, please try another", { icon: "Error" });
    expect(page.url()).toMatch(/\/auths\/auth-register$/);
    await page.close();
  });
});
