import { readFile } from "node:fs/promises";
import type { Schema } from "@herald/api-client";
import { CliError } from "../../errors";
import { count, counted } from "../../lib/format";
import { type CommandContext, call, signedInClient } from "../../session";
import { contactIds, findGroup, slices, splitList } from "../contacts/resolve";

export interface MembersOptions {
  contacts?: string | string[];
  /** A text file of contact ids or mobile numbers, one per line (or comma-separated). */
  file?: string;
}

export interface AddMembersResult {
  group: string;
  groupId: string;
  requested: number;
  added: number;
  /** Contacts that were not added (already members), as the server lists them. */
  issues: Schema<"ContactIssueRow">[];
}

async function refsOf(opts: MembersOptions): Promise<string[]> {
  const refs = splitList(opts.contacts);
  if (opts.file) {
    let text: string;
    try {
      text = await readFile(opts.file, "utf8");
    } catch {
      throw new CliError(`Cannot read ${opts.file}`, 2);
    }
    refs.push(...splitList(text.split(/\r?\n/).map((l) => l.replace(/#.*/, ""))));
  }
  if (refs.length === 0) throw new CliError("Name the contacts: --contacts ID,... or --file FILE", 2);
  return refs;
}

/**
 * `herald groups add-members NAME --contacts ID|MOBILE,...`: adds the contacts into the group. Contacts that
 * are already members are reported (not an error: exit 0 with the issues listed).
 */
export async function groupsAddMembers(
  name: string,
  opts: MembersOptions,
  ctx: CommandContext = {},
): Promise<AddMembersResult> {
  const refs = await refsOf(opts);
  const { url, client } = await signedInClient(ctx);
  const group = await findGroup(url, client, name);
  const ids = await contactIds(url, client, refs);
  const issues: Schema<"ContactIssueRow">[] = [];
  let offset = 0;
  for (const slice of slices(ids)) {
    const result = await client
      .POST("/addMembers", { body: { selectedRows: slice, selectedGroup: [group.id] } })
      .catch((err: Error) => {
        throw new CliError(`Cannot reach ${url}: ${err.message}`);
      });
    if (result.response.status === 409) {
      const body = result.error as Schema<"ContactIssues">;
      issues.push(...body.rows.map((r) => ({ ...r, row: r.row + offset })));
    } else await call(url, async () => result);
    offset += slice.length;
  }
  const notAdded = new Set(issues.map((r) => r.row)).size;
  return {
    group: group.name,
    groupId: group.id,
    requested: ids.length,
    added: ids.length - notAdded,
    issues,
  };
}

/** `herald groups remove-members NAME --contacts ID|MOBILE,...`: the contacts stay; non-members are ignored. */
export async function groupsRemoveMembers(
  name: string,
  opts: MembersOptions,
  ctx: CommandContext = {},
): Promise<{ group: string; groupId: string; removed: number; members: number }> {
  const refs = await refsOf(opts);
  const { url, client } = await signedInClient(ctx);
  const group = await findGroup(url, client, name);
  const ids = await contactIds(url, client, refs);
  for (const slice of slices(ids))
    await call(url, () => client.POST("/removeMembers", { body: { selectedRows: slice, id: group.id } }));
  const after = await call(url, () => client.POST("/getGroup", { body: { id: group.id, limit: 1 } }));
  return {
    group: group.name,
    groupId: group.id,
    removed: Math.max(0, group.total_recipients - after.total_recipients),
    members: after.total_recipients,
  };
}

export function formatAddMembers(r: AddMembersResult): string {
  const lines = [`Added ${count(r.added)} of ${counted(r.requested, "contact")} to ${r.group}`];
  if (r.issues.length) {
    lines.push(`${count(new Set(r.issues.map((i) => i.row)).size)} Contacts with issues !`);
    for (const i of r.issues) lines.push(`  +${i.mobile} ${i.name}: ${i.issue}`);
  }
  return `${lines.join("\n")}\n`;
}
