import type { Schema } from "@herald/api-client";
import { CliError } from "../../errors";
import { type CommandContext, call, signedInClient } from "../../session";
import { findGroup } from "../contacts/resolve";

/** `herald groups rename NAME NEWNAME`. */
export async function groupsRename(
  name: string,
  newName: string,
  ctx: CommandContext = {},
): Promise<Schema<"Group">> {
  const clean = newName.trim();
  if (!clean || clean.length > 100) throw new CliError("A group name is 1 to 100 characters", 2);
  const { url, client } = await signedInClient(ctx);
  const group = await findGroup(url, client, name);
  return call(url, () => client.POST("/editGroup", { body: { id: group.id, name: clean } }));
}
