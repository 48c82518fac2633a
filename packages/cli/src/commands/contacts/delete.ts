import { CliError } from "../../errors";
import { type CommandContext, call, isInteractive, promptsOf, signedInClient } from "../../session";
import { contactIds, slices } from "./resolve";

export interface DeleteOptions {
  yes?: boolean;
}

/**
 * `herald contacts delete ID|MOBILE...`: deletes the contacts (and their memberships) after a confirmation on a
 * terminal; without one, --yes is required (exit 2). Each call of up to 5,000 is all or nothing on the server.
 */
export async function contactsDelete(
  refs: string[],
  opts: DeleteOptions,
  ctx: CommandContext = {},
): Promise<{ deleted: number; ids: string[] }> {
  if (refs.length === 0) throw new CliError("Name at least one contact id or mobile number", 2);
  const interactive = isInteractive(ctx);
  if (!opts.yes && !interactive)
    throw new CliError("Not a terminal: pass --yes to delete without confirming", 2);
  const { url, client } = await signedInClient(ctx);
  const ids = await contactIds(url, client, refs);
  if (!opts.yes) {
    const question = ids.length === 1 ? "Delete 1 contact?" : `Delete ${ids.length} contacts?`;
    if (!(await promptsOf(ctx).confirm(question))) throw new CliError("Cancelled: nothing deleted");
  }
  let deleted = 0;
  for (const slice of slices(ids)) {
    await call(url, () => client.POST("/deleteContacts", { body: { selectedRows: slice } }));
    deleted += slice.length;
  }
  return { deleted, ids };
}
