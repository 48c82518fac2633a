import type { BrowserContext, Page } from "playwright-core";
import { waitForMessage } from "./api";
import type { SqlServer } from "./restartable";

/** A password the console's rules accept (the same rules as users' passwords). */
export const OPERATOR_PASSWORD = "Console-Keeper-2026!";

/**
 * Whether the running server has the operator console: until its server side lands, its calls answer 501
 * (not implemented) and the journeys that need it skip, saying so.
 */
export async function consoleReady(base: string): Promise<boolean> {
  const res = await fetch(`${base}/api/operator/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "nobody@example.com", password: "not-a-password" }),
  });
  return res.status !== 501 && res.status !== 404;
}

/** The one-time activation address a command printed (absolute, or from /operator/activate on). */
export function activationPath(output: string): string | null {
  const m = /(?:https?:\/\/[^\s/]+)?(\/operator\/activate\?token=[^\s"'<>]+)/.exec(output);
  return m?.[1] ?? null;
}

/** Creates an operator as an installation does: `herald-server operator create EMAIL` prints a one-time link. */
export async function createOperator(server: SqlServer, email: string): Promise<string> {
  const { code, output } = await server.command(["operator", "create", email]);
  const link = activationPath(output);
  if (code !== 0 || !link)
    throw new Error(`herald-server operator create ${email} printed no link (exit ${code}):\n${output}`);
  return link;
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
