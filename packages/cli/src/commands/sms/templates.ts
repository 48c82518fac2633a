import type { ApiClient, Schema } from "@herald/api-client";
import { CliError } from "../../errors";
import { type CommandContext, call, isInteractive, promptsOf, signedInClient } from "../../session";
import { table } from "../contacts/list";

type Template = Schema<"SmsTemplate">;

/** The company's templates, by name. */
async function allTemplates(url: string, client: ApiClient): Promise<Template[]> {
  return (await call(url, () => client.GET("/sms/templates"))).data;
}

/** A template of the company by its name (case and surrounding spaces ignored, as the server keeps names unique). */
export async function findTemplate(url: string, client: ApiClient, name: string): Promise<Template> {
  const wanted = name.trim().toLowerCase();
  if (!wanted) throw new CliError("A template name is required", 2);
  const hit = (await allTemplates(url, client)).find((t) => t.name.trim().toLowerCase() === wanted);
  if (!hit) throw new CliError(`No template named ${name.trim()}`);
  return hit;
}

/** `herald sms templates list`: every message template of the company, by name. */
export async function templatesList(ctx: CommandContext = {}): Promise<Template[]> {
  const { url, client } = await signedInClient(ctx);
  return allTemplates(url, client);
}

/** `herald sms templates add NAME --content TEXT`: saves a message template (variables are kept as typed). */
export async function templatesAdd(
  name: string,
  opts: { content?: string },
  ctx: CommandContext = {},
): Promise<Template> {
  if (!name?.trim()) throw new CliError("Give the template's name", 2);
  if (!opts.content?.trim()) throw new CliError("Give the template's text with --content", 2);
  const { url, client } = await signedInClient(ctx);
  return call(url, () => client.POST("/sms/templates", { body: { name, content: opts.content! } }));
}

/**
 * `herald sms templates delete NAME`: deletes a template (admins, or its creator). Confirms on a terminal;
 * without one, --yes is required (exit 2).
 */
export async function templatesDelete(
  name: string,
  opts: { yes?: boolean },
  ctx: CommandContext = {},
): Promise<{ id: string; name: string }> {
  if (!name?.trim()) throw new CliError("Give the template's name", 2);
  if (!opts.yes && !isInteractive(ctx))
    throw new CliError("Not a terminal: pass --yes to delete without confirming", 2);
  const { url, client } = await signedInClient(ctx);
  const template = await findTemplate(url, client, name);
  if (!opts.yes && !(await promptsOf(ctx).confirm(`Delete the template ${template.name}?`)))
    throw new CliError("Cancelled: nothing deleted");
  await call(url, () => client.POST("/sms/templates/{id}/delete", { params: { path: { id: template.id } } }));
  return { id: template.id, name: template.name };
}

const oneLine = (text: string, max = 60) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function formatTemplates(templates: Template[]): string {
  if (templates.length === 0) return "No templates\n";
  return table(
    ["NAME", "CREATED BY", "CONTENT"],
    templates.map((t) => [t.name, t.createdByName ?? "", oneLine(t.content)]),
  );
}
