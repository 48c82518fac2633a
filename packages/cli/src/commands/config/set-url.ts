import { saveUrl } from "../../config";
import { CliError } from "../../errors";

/** `herald config set-url <url>`: the server the CLI talks to. */
export async function setUrl(url: string, opts: { env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`Not a URL: ${url}`, 2);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new CliError(`The server URL must start with http:// or https:// (got ${url})`, 2);
  }
  const clean = parsed.toString().replace(/\/$/, "");
  await saveUrl(clean, opts.env);
  return clean;
}
