import { clearCredentials, resolveToken, saveCredentials } from "../../config";
import { CliError } from "../../errors";
import { type CommandContext, call, clientFor, isInteractive, promptsOf, readAllStdin } from "../../session";
import { setUrl } from "../config/set-url";

export interface LoginOptions {
  email?: string;
  passwordStdin?: boolean;
  /** A session token to keep instead of signing in ("-" reads it from standard input). */
  token?: string;
  /** The server to sign in to, saved as with `herald config set-url`. */
  url?: string;
}

/** `herald login --token T`: keeps a token after checking it with the server (401 keeps nothing). */
async function loginWithToken(opts: LoginOptions, ctx: CommandContext): Promise<{ email: string }> {
  let token = opts.token?.trim() ?? "";
  if (token === "-") token = (await (ctx.readStdin ?? readAllStdin)()).trim();
  if (!token) throw new CliError("--token: the token is empty", 2);
  if (opts.email || opts.passwordStdin)
    throw new CliError("--token cannot be combined with --email or --password-stdin", 2);
  const { url, client } = await clientFor(ctx, token);
  const profile = await call(url, () => client.POST("/getProfile"));
  await saveCredentials({ token }, ctx.env);
  return { email: profile.email };
}

/** `herald login`: signs in (with the e-mailed code when two-factor is on) and saves the token. */
export async function login(opts: LoginOptions, ctx: CommandContext = {}): Promise<{ email: string }> {
  if (opts.url !== undefined) await setUrl(opts.url, { env: ctx.env });
  if (opts.token !== undefined) return loginWithToken(opts, ctx);
  const interactive = isInteractive(ctx);
  const prompts = promptsOf(ctx);
  let email = opts.email?.trim();
  let password: string | undefined;
  if (opts.passwordStdin) {
    password = (await (ctx.readStdin ?? readAllStdin)()).replace(/\r?\n$/, "");
    if (!password) throw new CliError("--password-stdin: standard input is empty", 2);
  }
  if (!email || password === undefined) {
    if (!interactive) {
      const missing = [!email && "--email", password === undefined && "--password-stdin"].filter(Boolean);
      throw new CliError(`Not a terminal: pass ${missing.join(" and ")} (nothing to ask on)`, 2);
    }
    if (!email) email = (await prompts.input("E-mail")).trim();
    if (password === undefined) password = await prompts.password("Password");
  }
  if (!email) throw new CliError("An e-mail address is required", 2);

  const { url, client } = await clientFor(ctx);
  const signed = await call(url, () => client.POST("/login", { body: { email: email, password: password } }));
  let token = signed.jwttoken;
  if (signed.code !== 1) {
    const session = await call(url, () =>
      client.POST("/requestOtp", { body: { jwttoken: signed.jwttoken, sms: false } }),
    );
    if (!interactive)
      throw new CliError(
        `Two-factor sign-in: a code was sent to ${session.destination}, but there is no terminal to enter it on`,
        2,
      );
    const code = (await prompts.input(`Code sent to ${session.destination}`)).trim();
    const verified = await call(url, () =>
      client.POST("/verifyOtp", {
        body: { jwttoken: session.jwttoken, otptoken: code, session_id: session.session_id, sms: false },
      }),
    );
    token = verified.jwttoken;
  }
  await saveCredentials({ token }, ctx.env);
  return { email };
}

/** `herald logout`: ends the session on the server and forgets the token. */
export async function logout(ctx: CommandContext = {}): Promise<void> {
  const token = await resolveToken(ctx.env);
  if (!token) throw new CliError("Not signed in: run herald login");
  const { url, client } = await clientFor(ctx, token);
  const result = await client.POST("/logout").catch((err: Error) => {
    throw new CliError(`Cannot reach ${url}: ${err.message}`);
  });
  // 401: the session had already ended on the server; either way the token is of no more use
  if (result.response.ok || result.response.status === 401) {
    await clearCredentials(ctx.env);
    return;
  }
  await call(url, async () => result);
}
