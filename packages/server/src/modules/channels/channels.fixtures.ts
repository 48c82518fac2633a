/** Test helpers shared by the channel and chat tests: departments, memberships and sandbox channels. */
import type { components } from "@herald/api-client/schema";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { auth } from "../../test/harness";

type S = components["schemas"];

export async function addDepartment(app: FastifyInstance, companyId: string, name = "Dept"): Promise<string> {
  const id = uuidv7();
  await app.deps.database.query("insert into departments (id, company_id, name) values ($1, $2, $3)", [
    id,
    companyId,
    `${name} ${id.slice(-8)}`,
  ]);
  return id;
}

export async function joinDepartment(app: FastifyInstance, userId: string, departmentId: string) {
  await app.deps.database.query("insert into user_departments (user_id, department_id) values ($1, $2)", [
    userId,
    departmentId,
  ]);
}

export const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

/** Connects a sandbox channel through the connect link and page calls, as the portal does. */
export async function connectSandbox(
  app: FastifyInstance,
  admin: { token: string },
  opts: { channelType?: S["ChannelType"]; name?: string; departmentIds?: string[] } = {},
): Promise<S["Channel"]> {
  const channelType = opts.channelType ?? "WHATSAPP";
  const linkRes = await app.inject({
    method: "POST",
    url: "/api/social-chat/channel/connect-channel",
    headers: auth(admin),
    payload: { channelType },
  });
  if (linkRes.statusCode !== 200) throw new Error(linkRes.body);
  const save = await app.inject({
    method: "POST",
    url: "/api/social-chat/channel/connect",
    headers: auth(admin),
    payload: {
      token: tokenOf(linkRes.json().link),
      channelType,
      name: opts.name ?? `Sandbox ${channelType}`,
      mode: "sandbox",
      departmentIds: opts.departmentIds ?? [],
    },
  });
  if (save.statusCode !== 200) throw new Error(save.body);
  return save.json();
}
