import { sgd } from "../../lib/format";
import { type CommandContext, call, signedInClient } from "../../session";

export interface CreditShowResult {
  userCredit: number;
  companyCredit?: number;
}

/** `herald credit show`: the caller's credit and, for admins, the corporate balance (SGD). */
export async function creditShow(ctx: CommandContext = {}): Promise<CreditShowResult> {
  const { url, client } = await signedInClient(ctx);
  const profile = await call(url, () => client.POST("/getProfile"));
  const result: CreditShowResult = { userCredit: profile.userCredit };
  if (profile.userRole === "admin") {
    const company = await call(url, () => client.POST("/getCompany", { body: {} }));
    result.companyCredit = company.companyCredit;
  }
  return result;
}

/** SGD with two decimals and thousands separators, e.g. "SGD 1,234.50". */
export { sgd };

export function formatCreditShow(r: CreditShowResult): string {
  const lines = [`My credit: ${sgd(r.userCredit)}`];
  if (r.companyCredit !== undefined) lines.push(`Corporate credit: ${sgd(r.companyCredit)}`);
  return `${lines.join("\n")}\n`;
}
