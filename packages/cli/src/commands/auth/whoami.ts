import { type CommandContext, call, signedInClient } from "../../session";

export interface WhoAmI {
  url: string;
  userId: string;
  email: string;
  name: string;
  role: string;
  companyId: string;
  company: string | null;
}

/** `herald whoami`: who the saved token (or HERALD_TOKEN) signs in as, and on which server. */
export async function whoami(ctx: CommandContext = {}): Promise<WhoAmI> {
  const { url, client } = await signedInClient(ctx);
  const p = await call(url, () => client.POST("/getProfile"));
  return {
    url,
    userId: p.userId,
    email: p.email,
    name: [p.firstName, p.lastName].filter(Boolean).join(" "),
    role: p.userRole,
    companyId: p.companyId,
    company: p.company ?? null,
  };
}

export function formatWhoami(w: WhoAmI): string {
  return `${w.name ? `${w.name} <${w.email}>` : w.email} (${w.role})${w.company ? `, ${w.company}` : ""} on ${w.url}\n`;
}
