import { type ApiClient, ApiError, createApiClient, unwrap } from "@herald/api-client";
import { DEFAULT_TIME_ZONE } from "@herald/domain";
import { confirm, input, password } from "@inquirer/prompts";
import { resolveToken, resolveUrl } from "./config";
import { CliError } from "./errors";

/** What a command needs from its surroundings; tests replace any of it. */
export interface CommandContext {
  env?: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
  /** Whether questions can be asked (stdin and stdout are terminals). */
  interactive?: boolean;
  prompts?: Prompts;
  /** Reads all of standard input (for --password-stdin). */
  readStdin?: () => Promise<string>;
}

export interface Prompts {
  input(message: string): Promise<string>;
  password(message: string): Promise<string>;
  confirm(message: string): Promise<boolean>;
}

export const terminalPrompts: Prompts = {
  input: (message) => input({ message, required: true }),
  password: (message) => password({ message, mask: "*" }),
  confirm: (message) => confirm({ message, default: false }),
};

export function isInteractive(ctx: CommandContext): boolean {
  return ctx.interactive ?? Boolean(process.stdin.isTTY && process.stdout.isTTY);
}

export function promptsOf(ctx: CommandContext): Prompts {
  return ctx.prompts ?? terminalPrompts;
}

export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function clientFor(
  ctx: CommandContext,
  token?: string,
): Promise<{ url: string; client: ApiClient }> {
  const url = await resolveUrl(ctx.env);
  const client = createApiClient({
    baseUrl: url,
    getToken: () => token,
    ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
  });
  return { url, client };
}

/** A client that sends the saved token; "Not signed in" (exit 1) without one. */
export async function signedInClient(
  ctx: CommandContext,
): Promise<{ url: string; client: ApiClient; token: string }> {
  const token = await resolveToken(ctx.env);
  if (!token) throw new CliError("Not signed in: run herald login");
  return { ...(await clientFor(ctx, token)), token };
}

/** Runs one API call: the server's message on refusal, "Cannot reach" when the network fails; exit 1. */
export async function call<T>(
  url: string,
  request: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await request();
  } catch (err) {
    throw new CliError(`Cannot reach ${url}: ${(err as Error).message}`);
  }
  try {
    return unwrap(result);
  } catch (err) {
    if (err instanceof ApiError) throw new CliError(err.message);
    throw err;
  }
}

/**
 * The company's time zone (the profile's; Asia/Singapore when the server names none): the CLI prints dates and
 * times in it, labelled, and reads days and times typed on the command line in it.
 */
export async function companyTimeZone(client: ApiClient): Promise<string> {
  try {
    const { data } = await client.POST("/getProfile");
    return data?.timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
