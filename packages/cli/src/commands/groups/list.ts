import type { Schema } from "@herald/api-client";
import { count } from "../../lib/format";
import { type CommandContext, call, signedInClient } from "../../session";
import { table } from "../contacts/list";

/** `herald groups list`: every group of the company (or those whose name contains --search), newest first. */
export async function groupsList(
  opts: { search?: string },
  ctx: CommandContext = {},
): Promise<Schema<"Group">[]> {
  const { url, client } = await signedInClient(ctx);
  const search = opts.search?.trim().slice(0, 100) || undefined;
  const groups: Schema<"Group">[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await call(url, () =>
      client.GET("/groups", {
        params: { query: { limit: 1000, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) } },
      }),
    );
    groups.push(...page.data);
    if (!page.nextCursor || page.data.length === 0) return groups;
    cursor = page.nextCursor;
  }
}

export function formatGroups(groups: Schema<"Group">[]): string {
  if (groups.length === 0) return "No groups\n";
  return table(
    ["ID", "NAME", "MEMBERS"],
    groups.map((g) => [g.id, g.name, count(g.total_recipients)]),
  );
}
