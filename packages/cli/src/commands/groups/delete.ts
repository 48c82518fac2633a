import { CliError } from "../../errors";
import { type CommandContext, call, isInteractive, promptsOf, signedInClient } from "../../session";
import { findGroup } from "../contacts/resolve";

/**
 * `herald groups delete NAME`: deletes the group; its members stay as contacts. Confirms on a terminal; without
 * one, --yes is required (exit 2).
 */
export async function groupsDelete(
  name: string,
  opts: { yes?: boolean },
  ctx: CommandContext = {},
): Promise<{ id: string; name: string; members: number }> {
  if (!opts.yes && !isInteractive(ctx))
    throw new CliError("Not a terminal: pass --yes to delete without confirming", 2);
  const { url, client } = await signedInClient(ctx);
  const group = await findGroup(url, client, name);
  if (!opts.yes) {
    const question = `Delete the group ${group.name} (${group.total_recipients} members; the contacts are kept)?`;
    if (!(await promptsOf(ctx).confirm(question))) throw new CliError("Cancelled: nothing deleted");
  }
  await call(url, () => client.POST("/deleteGroup", { body: { id: group.id } }));
  return { id: group.id, name: group.name, members: group.total_recipients };
}
