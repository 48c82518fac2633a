import type { Schema } from "@herald/api-client";
import { CliError } from "../../errors";
import { type CommandContext, call, signedInClient } from "../../session";

/** `herald groups create NAME`: an empty group (names are unique in the company, at most 100 characters). */
export async function groupsCreate(name: string, ctx: CommandContext = {}): Promise<Schema<"Group">> {
  const clean = name.trim();
  if (!clean || clean.length > 100) throw new CliError("A group name is 1 to 100 characters", 2);
  const { url, client } = await signedInClient(ctx);
  return call(url, () => client.POST("/addGroup", { body: { name: clean } }));
}
