import type { BrowserContext, Page } from "playwright-core";
import { waitForMessage } from "./api";

/** A password the console's rules accept (the same rules as users' passwords). */
export const OPERATOR_PASSWORD = "Console-Keeper-2026!";

/** The demo's operator: the server's first start prints a one-time link to activate it. */
export const DEMO_OPERATOR_EMAIL = "operator@herald.local";

/** The one-time activation address a command printed (absolute, or from /operator/activate on). */
export function activationPath(output: string): string | null {
  const m = /(?:https?:\/\/[^\s/]+)?(\/operator\/activate\?token=[^\s"'<>]+)/.exec(output);
  return m?.[1] ?? null;
}

/**
 * The demo operator's one-time link as the server's first start prints it (the same link `herald-server operator
 * create` prints, without stopping the server for the command).
 */
export function demoOperatorLink(output: string): string {
  const link = activationPath(output);
  if (!link) throw new Error(`the server's first start printed no operator link:\n${output}`);
  return link;
}

/** Activates an operator from its one-time link through the API (name, and OPERATOR_PASSWORD). */
export async function activateByApi(base: string, link: string, name: string): Promise<void> {
  const token = new URL(`http://x${link}`).searchParams.get("token");
  const res = await call(base, "POST", "/operator/activate", { token, name, password: OPERATOR_PASSWORD });
  if (res.status !== 200) throw new Error(`activation refused: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * A toast by its title, as seen in the toast region (a screen reader's copy of it is announced elsewhere for a
 * moment, so the page's text alone matches twice).
 */
export function toast(page: Page, title: string) {
  return page.getByRole("region", { name: /^Notifications/ }).getByText(title, { exact: true });
}

async function call<T>(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}
export const operatorCall = call;

/** Signs an operator in through the API: password, then the code from the sandbox mailbox. */
export async function operatorSignInByApi(base: string, email: string, password: string): Promise<string> {
  const since = Date.now() - 1000;
  const first = await call<{ challenge: string }>(base, "POST", "/operator/login", { email, password });
  if (first.status !== 200)
    throw new Error(`operator sign-in refused: ${first.status} ${JSON.stringify(first.body)}`);
  const code = await signInCode(base, email, since);
  const second = await call<{ token: string }>(base, "POST", "/operator/verifyOtp", {
    challenge: first.body.challenge,
    code,
  });
  if (second.status !== 200)
    throw new Error(`operator code refused: ${second.status} ${JSON.stringify(second.body)}`);
  return second.body.token;
}

/** The 6-digit code of the newest sign-in e-mail to `email` since `since`. */
export async function signInCode(base: string, email: string, since: number): Promise<string> {
  const mail = await waitForMessage(base, email, since);
  const code = /\b(\d{6})\b/.exec(`${mail.subject ?? ""} ${mail.text}`)?.[1];
  if (!code) throw new Error(`no code in the e-mail to ${email}:\n${mail.text}`);
  return code;
}

/** A console page signed in with the operator's token (and nothing else in storage). */
export async function consolePage(
  browser: BrowserContext,
  base: string,
  token: string | null,
  path: string,
  opts: { width?: number; colorScheme?: "light" | "dark"; userToken?: string } = {},
): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewportSize({ width: opts.width ?? 1440, height: 900 });
  await page.emulateMedia({ colorScheme: opts.colorScheme ?? "light" });
  await page.goto(`${base}/not-found`);
  await page.evaluate(
    ([op, user]) => {
      localStorage.clear();
      if (op) localStorage.setItem("operatorToken", op);
      if (user) localStorage.setItem("userToken", user);
    },
    [token, opts.userToken ?? null] as const,
  );
  await page.goto(`${base}${path}`);
  return page;
}
