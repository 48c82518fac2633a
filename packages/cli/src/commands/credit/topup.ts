import { randomUUID } from "node:crypto";
import { centsToSgd, sgdToCents } from "@herald/domain";
import { CliError } from "../../errors";
import { type CommandContext, call, isInteractive, promptsOf, signedInClient } from "../../session";
import { sgd } from "./show";

export interface TopupOptions {
  user?: string;
  amount?: string;
  deduct?: boolean;
  yes?: boolean;
}

export interface TopupResult {
  userId: string;
  email: string;
  name: string;
  action: "add" | "deduct";
  amount: number;
  message: string;
  userCredit: number;
  companyCredit: number;
}

/** "5", "5.5" or "5.50" as cents; anything else (more decimals, 0, negative, text) is a usage error. */
export function parseAmount(text: string): number {
  const clean = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(clean))
    throw new CliError(`--amount must be an SGD amount with at most two decimals (got ${text})`, 2);
  const cents = sgdToCents(clean);
  if (cents <= 0) throw new CliError(`--amount must be more than 0 (got ${text})`, 2);
  return cents;
}

/** `herald credit topup`: moves credit between the corporate balance and a user, once per invocation. */
export async function creditTopup(opts: TopupOptions, ctx: CommandContext = {}): Promise<TopupResult> {
  const interactive = isInteractive(ctx);
  const prompts = promptsOf(ctx);
  let email = opts.user?.trim();
  let amountText = opts.amount;
  if (!email || amountText === undefined) {
    if (!interactive) {
      const missing = [!email && "--user", amountText === undefined && "--amount"].filter(Boolean);
      throw new CliError(`Not a terminal: pass ${missing.join(" and ")} (nothing to ask on)`, 2);
    }
  }
  if (amountText !== undefined) parseAmount(amountText);
  if (!opts.yes && !interactive)
    throw new CliError("Not a terminal: pass --yes to move credit without confirming", 2);
  if (!email) email = (await prompts.input("User's e-mail")).trim();
  if (!email) throw new CliError("An e-mail address is required", 2);
  if (amountText === undefined) amountText = await prompts.input("Amount (SGD)");
  const cents = parseAmount(amountText);
  const action = opts.deduct ? "deduct" : "add";

  const { url, client } = await signedInClient(ctx);
  const list = await call(url, () =>
    client.GET("/userList", { params: { query: { search: email, pageSize: 100 } } }),
  );
  const wanted = email.toLowerCase();
  const user = list.data.find((u) => u.email.toLowerCase() === wanted && !u.deletedAt);
  if (!user) throw new CliError(`No user with the e-mail ${email}`);
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");

  if (!opts.yes) {
    const question =
      action === "add"
        ? `Add ${sgd(centsToSgd(cents))} to ${name} (${user.email})?`
        : `Deduct ${sgd(centsToSgd(cents))} from ${name} (${user.email})?`;
    if (!(await prompts.confirm(question))) throw new CliError("Cancelled: no credit moved");
  }

  const result = await call(url, () =>
    client.POST("/editUserCredit", {
      params: { header: { "Idempotency-Key": randomUUID() } },
      body: { id: user.id, amount: centsToSgd(cents), action },
    }),
  );
  return {
    userId: user.id,
    email: user.email,
    name,
    action,
    amount: centsToSgd(cents),
    message: result.message,
    userCredit: result.totalCredit,
    companyCredit: result.companyCredit,
  };
}

export function formatTopup(r: TopupResult): string {
  return [
    r.message,
    `${r.name} (${r.email}): ${sgd(r.userCredit)}`,
    `Corporate credit: ${sgd(r.companyCredit)}`,
    "",
  ].join("\n");
}
