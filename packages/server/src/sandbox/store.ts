import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { sandboxMessages } from "../db/schema";

export interface SandboxMessageInput {
  kind: "email" | "sms";
  to: string;
  from: string;
  subject: string | null;
  text: string;
  html: string | null;
  links: string[];
}

export async function storeSandboxMessage(database: Database, m: SandboxMessageInput): Promise<string> {
  const [row] = await database.db.insert(sandboxMessages).values(m).returning({ id: sandboxMessages.id });
  return row!.id;
}

/** Which captured messages to list: one kind, one recipient (exact match), at most `limit`. */
export interface SandboxMessageFilter {
  kind?: "email" | "sms";
  to?: string;
  limit?: number;
}

export async function listSandboxMessages(database: Database, filter: SandboxMessageFilter = {}) {
  const { kind, to, limit = 200 } = filter;
  const where: SQL[] = [];
  if (kind) where.push(eq(sandboxMessages.kind, kind));
  if (to) where.push(eq(sandboxMessages.to, to));
  const rows = await database.db
    .select()
    .from(sandboxMessages)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as "email" | "sms",
    to: r.to,
    from: r.from,
    subject: r.subject,
    text: r.text,
    html: r.html,
    links: r.links,
    createdAt: r.createdAt.toISOString(),
  }));
}
