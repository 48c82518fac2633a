import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";

/** Where the CLI keeps its settings: $XDG_CONFIG_HOME/herald (default ~/.config/herald). */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.XDG_CONFIG_HOME || path.join(homedir(), ".config"), "herald");
}

export interface CliConfig {
  url: string;
}
export interface Credentials {
  token: string;
}

export const DEFAULT_URL = "http://localhost:3000";

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** The server URL: HERALD_URL, else config.json, else http://localhost:3000. */
export async function resolveUrl(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env.HERALD_URL) return env.HERALD_URL.replace(/\/$/, "");
  const cfg = await readJson<CliConfig>(path.join(configDir(env), "config.json"));
  return (cfg?.url ?? DEFAULT_URL).replace(/\/$/, "");
}

/** The token: HERALD_TOKEN, else credentials.json. */
export async function resolveToken(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  if (env.HERALD_TOKEN) return env.HERALD_TOKEN;
  return (await readJson<Credentials>(path.join(configDir(env), "credentials.json")))?.token;
}

export async function saveUrl(url: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const dir = configDir(env);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "config.json"), `${JSON.stringify({ url }, null, 2)}\n`);
}

export async function saveCredentials(
  creds: Credentials,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const dir = configDir(env);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, "credentials.json");
  await writeFile(file, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}

/** Forgets the saved token (HERALD_TOKEN, if set, is the caller's to unset). */
export async function clearCredentials(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await rm(path.join(configDir(env), "credentials.json"), { force: true });
}
