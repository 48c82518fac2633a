import { createWriteStream } from "node:fs";
import { access, rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { CliError } from "../errors";

export async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Refuses to replace an existing file unless `yes` (a usage error: exit 2). */
export async function refuseOverwrite(file: string, yes: boolean | undefined): Promise<void> {
  if (!yes && (await exists(file)))
    throw new CliError(`${file} already exists: pass --yes to overwrite it`, 2);
}

/**
 * Streams a response body into `<file>.part`, then renames it to `file`: a failed or interrupted download never
 * leaves a truncated file under the wanted name. Returns the bytes written.
 */
export async function streamToFile(body: ReadableStream<Uint8Array> | null, file: string): Promise<number> {
  if (!body) throw new CliError("The server sent an empty answer");
  const part = `${file}.part`;
  const out = createWriteStream(part, { mode: 0o600 });
  try {
    await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), out);
    await rename(part, file);
  } catch (err) {
    await rm(part, { force: true });
    if (err instanceof CliError) throw err;
    throw new CliError(`Could not write ${file}: ${(err as Error).message}`);
  }
  return out.bytesWritten;
}
