import type { Schema } from "@herald/api-client";
import { type CommandContext, signedInClient } from "../../session";
import { findContact } from "./resolve";

/** `herald contacts show ID|MOBILE`: one contact with its groups and attributes. */
export async function contactsShow(ref: string, ctx: CommandContext = {}): Promise<Schema<"Contact">> {
  const { url, client } = await signedInClient(ctx);
  return findContact(url, client, ref);
}

export function formatContact(c: Schema<"Contact">): string {
  const lines = [
    `ID: ${c.id}`,
    `Name: ${c.name}`,
    `Mobile: +${c.mobile}`,
    `E-mail: ${c.email ?? "-"}`,
    `Groups: ${c.groups.length ? c.groups.map((g) => g.name).join(", ") : "-"}`,
    `Created: ${c.created_at}`,
  ];
  const attrs = Object.entries(c.attributes ?? {});
  if (attrs.length) {
    lines.push("Attributes:");
    for (const [k, v] of attrs) lines.push(`  ${k}: ${v}`);
  }
  return `${lines.join("\n")}\n`;
}
