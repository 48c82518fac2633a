/**
 * Channels of a company (apps/channel-management): connect and edit links to the portal's connect page, the
 * page's own calls (types, credentials, save), the list, WhatsApp templates and delete. Only admins manage
 * channels; the list and the templates are also readable by users whose departments hold the channel
 * (scope.ts). Credentials are checked by the type's driver, encrypted (credentials.ts) and never returned.
 *
 * The connect page's link carries a signed token (30 minutes): its company, its maker, and for an edit link the
 * channel. A connect token creates one channel only (its id is stored on the channel, unique).
 */
import type { components } from "@herald/api-client/schema";
import { sql } from "drizzle-orm";
import { errors, jwtVerify, SignJWT } from "jose";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx, Tx } from "../../db/client";
import { CHANNEL_TYPES } from "../../db/schema";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, NotFound, Unprocessable } from "../../errors";
import { randomToken } from "../../lib/tokens";
import { type Actor, assertAdmin, requireActor } from "../../plugins/actor";
import {
  CAPABILITIES,
  type ChannelApiUrls,
  type ChannelContext,
  type ChannelDriver,
  type ChannelDriverKind,
  type ChannelType,
  driverFor,
  InvalidChannelCredentials,
} from "../../providers/channels";
import { recordAudit, userWho } from "../audit/audit";
import { departmentNames, withSql } from "../audit/changes";
import {
  CHANNEL_DELETED,
  CHANNEL_NOT_FOUND,
  credentialRequired,
  DEPARTMENT_NOT_FOUND,
  ERROR_DELETING_DATA,
  LINK_EXPIRED,
  LINK_USED,
  NOT_WHATSAPP,
  noProviderConnector,
  TYPE_CANNOT_CHANGE,
} from "./channels.messages";
import { decryptCredentials, encryptCredentials } from "./credentials";
import { visibleChannel } from "./scope";

type S = components["schemas"];

const LINK_TTL_SECONDS = 30 * 60;
const CONNECT_PAGE = "/apps/channel-management/connect";

interface ConnectClaims {
  typ: "channel-connect";
  jti: string;
  company_id: string;
  user_id: string;
  channel_id?: string;
  channel_type?: ChannelType;
  name?: string;
  exp: number;
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};
const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

interface ChannelRow {
  id: string;
  company_id: string;
  name: string;
  channel_type: ChannelType;
  driver: ChannelDriverKind;
  credentials: string | null;
  created_at: Date | string;
  first_name: string | null;
  last_name: string | null;
  department_ids: string[] | null;
}

const CHANNEL_COLUMNS = sql`c.id, c.company_id, c.name, c.channel_type, c.driver, c.credentials, c.created_at,
  u.first_name, u.last_name,
  array(select cd.department_id from channel_departments cd where cd.channel_id = c.id order by cd.department_id)
    as department_ids`;

export const toChannel = (r: ChannelRow): S["Channel"] => ({
  id: r.id,
  name: r.name,
  channelType: r.channel_type,
  createdAt: new Date(r.created_at).toISOString(),
  creatorFirstName: r.first_name,
  creatorLastName: r.last_name,
  sandbox: r.driver === "sandbox",
  departmentIds: r.department_ids ?? [],
});

/** How a channel's audit entries keep it: name, type, sandbox or provider, departments (names); never credentials. */
const channelAudit = (c: { name: string; type: string; mode: string; departmentIds: readonly string[] }) =>
  withSql(
    { name: c.name, channelType: c.type, sandbox: c.mode === "sandbox" },
    { departments: departmentNames(c.departmentIds) },
  );

/** A live channel of the company that the actor may see (404 otherwise); `lock` takes it for update. */
export async function findChannel(
  db: DbOrTx,
  actor: Actor,
  channelId: string,
  opts: { lock?: boolean; notFound?: string } = {},
): Promise<ChannelRow> {
  const [row] = await rows<ChannelRow>(
    db,
    sql`select ${CHANNEL_COLUMNS} from channels c left join users u on u.id = c.created_by
         where c.id = ${channelId} and c.company_id = ${actor.companyId} and c.deleted_at is null
           and ${visibleChannel(actor, sql`c.id`)}
         ${opts.lock ? sql`for update of c` : sql``}`,
  );
  if (!row) throw new NotFound(opts.notFound ?? CHANNEL_NOT_FOUND);
  return row;
}

/** Where the connectors' provider APIs are, and whether company-chosen URLs may be private addresses. */
const apis = (deps: Deps): ChannelApiUrls => ({
  ...deps.config.channelApis,
  outboundAllowPrivate: deps.config.outboundAllowPrivate,
});

/** The driver and decrypted context of a stored channel (for sending and syncing). */
export function channelRuntime(
  deps: Deps,
  row: {
    id: string;
    company_id: string;
    channel_type: ChannelType;
    driver: ChannelDriverKind;
    credentials: string | null;
  },
): { driver: ChannelDriver | undefined; context: ChannelContext } {
  const credentials = decryptCredentials(deps.config.channelKey, row.id, row.credentials);
  return {
    driver: driverFor(row.channel_type, row.driver, apis(deps), credentials),
    context: { id: row.id, companyId: row.company_id, type: row.channel_type, credentials },
  };
}

/** The capability matrix as the API shows it. */
function capabilitiesView(type: ChannelType): S["ChannelCapabilities"] {
  const c = CAPABILITIES[type];
  return {
    text: c.text,
    maxTextLength: c.maxTextLength,
    media: Object.fromEntries(
      Object.entries(c.media).map(([k, v]) => [k, { extensions: [...v.extensions], maxBytes: v.maxBytes }]),
    ),
    templates: c.templates,
    readReceipts: c.readReceipts,
    window24h: c.window24h,
  };
}

export function channelsService(deps: Deps) {
  const { db } = deps.database;
  const secret = deps.config.jwtSecret;

  async function makeLink(actor: Actor, extra: Partial<ConnectClaims>): Promise<S["ChannelLink"]> {
    const exp = Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS;
    const token = await new SignJWT({
      typ: "channel-connect",
      company_id: actor.companyId,
      user_id: actor.userId,
      ...extra,
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setJti(uuidv7())
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(secret);
    return {
      link: `${deps.config.publicUrl}${CONNECT_PAGE}?token=${encodeURIComponent(token)}`,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  /** A live connect token of the actor's company (400 otherwise). */
  async function readToken(actor: Actor, token: string): Promise<ConnectClaims> {
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"] });
      const c = payload as unknown as ConnectClaims;
      if (c.typ !== "channel-connect" || c.company_id !== actor.companyId || !c.jti) {
        throw new BadRequest(LINK_EXPIRED);
      }
      return c;
    } catch (err) {
      if (err instanceof BadRequest) throw err;
      if (err instanceof errors.JOSEError) throw new BadRequest(LINK_EXPIRED);
      throw err;
    }
  }

  async function checkDepartments(tx: Tx, companyId: string, ids: string[]) {
    if (ids.length === 0) return;
    const found = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from departments
           where company_id = ${companyId} and id = any(${uuidArray(ids)}::uuid[])`,
    );
    if ((found[0]?.n ?? 0) !== ids.length) throw new Unprocessable(DEPARTMENT_NOT_FOUND);
  }

  async function setDepartments(tx: Tx, channelId: string, ids: string[]) {
    await tx.execute(sql`delete from channel_departments where channel_id = ${channelId}`);
    if (ids.length > 0) {
      await tx.execute(
        sql`insert into channel_departments (channel_id, department_id)
            select ${channelId}, d from unnest(${uuidArray(ids)}::uuid[]) d`,
      );
    }
  }

  /** Checks provider credentials with the driver (422 when refused or incomplete). */
  async function validated(
    type: ChannelType,
    mode: ChannelDriverKind,
    given: Record<string, string> | undefined,
    keep: Record<string, string> | undefined,
  ): Promise<Record<string, string> | null> {
    const driver = driverFor(type, mode, apis(deps), keep);
    if (!driver) throw new Unprocessable(noProviderConnector(type));
    // The sandbox's signed webhook (X-Herald-Signature) has a secret of its own, kept across edits.
    if (mode === "sandbox") return { webhookSecret: keep?.webhookSecret ?? randomToken() };
    const creds = { ...(keep ?? {}), ...(given ?? {}) };
    for (const f of driver.credentialFields) {
      if (f.required && !creds[f.key]?.trim()) throw new Unprocessable(credentialRequired(f.label));
    }
    try {
      return await driver.validateCredentials(creds);
    } catch (err) {
      if (err instanceof InvalidChannelCredentials) throw new Unprocessable(err.message);
      throw err;
    }
  }

  /** Points the provider at the channel's webhook (inside the save's transaction: a refusal saves nothing). */
  async function activate(
    id: string,
    type: ChannelType,
    mode: ChannelDriverKind,
    creds: Record<string, string> | null,
  ) {
    const driver = driverFor(type, mode, apis(deps), creds ?? undefined);
    if (!driver?.activate) return;
    try {
      await driver.activate(
        { id, companyId: "", type, credentials: creds ?? {} },
        `${deps.config.publicUrl}/api/webhooks/channels/${id}`,
      );
    } catch (err) {
      if (err instanceof InvalidChannelCredentials) throw new Unprocessable(err.message);
      throw err;
    }
  }

  async function channelById(companyId: string, id: string): Promise<S["Channel"]> {
    const [row] = await rows<ChannelRow>(
      db,
      sql`select ${CHANNEL_COLUMNS} from channels c left join users u on u.id = c.created_by
           where c.id = ${id} and c.company_id = ${companyId}`,
    );
    return toChannel(row!);
  }

  return {
    async connectLink(a: Actor | undefined, body: S["ConnectChannelRequest"] | undefined) {
      assertAdmin(a);
      return makeLink(a, {
        ...(body?.channelType ? { channel_type: body.channelType } : {}),
        ...(body?.name?.trim() ? { name: body.name.trim() } : {}),
      });
    },

    async editLink(a: Actor | undefined, channelId: string, name: string | undefined) {
      assertAdmin(a);
      const row = await findChannel(db, a, channelId);
      const newName = name?.trim();
      if (newName && newName !== row.name) {
        await db.transaction(async (tx) => {
          await tx.execute(
            sql`update channels set name = ${newName}, updated_at = now()
                 where id = ${row.id} and company_id = ${a.companyId}`,
          );
          await recordAudit(tx, {
            companyId: a.companyId,
            who: userWho(a),
            action: "channel.updated",
            target: { type: "channel", id: row.id, label: newName },
            before: { name: row.name },
            after: { name: newName },
          });
        });
      }
      return makeLink(a, { channel_id: row.id, channel_type: row.channel_type, name: newName || row.name });
    },

    async connectSession(a: Actor | undefined, token: string): Promise<S["ChannelConnectSession"]> {
      assertAdmin(a);
      const claims = await readToken(a, token);
      const channel = claims.channel_id ? await findChannel(db, a, claims.channel_id) : undefined;
      const departments = await rows<{ id: string; name: string }>(
        db,
        sql`select id, name from departments where company_id = ${a.companyId} order by lower(name), id`,
      );
      return {
        channelId: channel?.id ?? null,
        channelType: channel?.channel_type ?? claims.channel_type ?? null,
        name: channel?.name ?? claims.name ?? null,
        sandbox: channel ? channel.driver === "sandbox" : null,
        departmentIds: channel?.department_ids ?? [],
        departments,
        expiresAt: new Date(claims.exp * 1000).toISOString(),
        types: CHANNEL_TYPES.map((type) => {
          const provider = driverFor(type, "provider", apis(deps));
          return {
            channelType: type,
            sandbox: driverFor(type, "sandbox") !== undefined,
            provider: provider !== undefined,
            connector: provider?.connector ?? null,
            credentialFields: provider?.credentialFields ?? [],
            capabilities: capabilitiesView(type),
          };
        }),
      };
    },

    async saveConnection(
      a: Actor | undefined,
      body: S["SaveChannelConnectionRequest"],
    ): Promise<S["Channel"]> {
      assertAdmin(a);
      const claims = await readToken(a, body.token);
      const name = body.name.trim();
      const departmentIds = [...new Set(body.departmentIds ?? [])];
      if (claims.channel_id) {
        // Edit link: name, departments, credentials; the type stays.
        const id = await db.transaction(async (tx) => {
          const row = await findChannel(tx, a, claims.channel_id!, { lock: true });
          if (row.channel_type !== body.channelType) throw new BadRequest(TYPE_CANNOT_CHANGE);
          const kept = decryptCredentials(deps.config.channelKey, row.id, row.credentials);
          const creds = await validated(row.channel_type, body.mode, body.credentials, kept);
          await checkDepartments(tx, a.companyId, departmentIds);
          await tx.execute(
            sql`update channels set name = ${name}, driver = ${body.mode},
                   credentials = ${creds ? encryptCredentials(deps.config.channelKey, row.id, creds) : null},
                   updated_at = now()
                 where id = ${row.id} and company_id = ${a.companyId}`,
          );
          await setDepartments(tx, row.id, departmentIds);
          await recordAudit(tx, {
            companyId: a.companyId,
            who: userWho(a),
            action: "channel.updated",
            target: { type: "channel", id: row.id, label: name },
            before: channelAudit({
              name: row.name,
              type: row.channel_type,
              mode: row.driver,
              departmentIds: row.department_ids ?? [],
            }),
            after: channelAudit({ name, type: row.channel_type, mode: body.mode, departmentIds }),
          });
          await activate(row.id, row.channel_type, body.mode, creds);
          return row.id;
        });
        return channelById(a.companyId, id);
      }
      const creds = await validated(body.channelType, body.mode, body.credentials, undefined);
      const id = uuidv7();
      try {
        await db.transaction(async (tx) => {
          await checkDepartments(tx, a.companyId, departmentIds);
          await tx.execute(
            sql`insert into channels (id, company_id, channel_type, driver, name, credentials, connect_token_id, created_by)
                values (${id}, ${a.companyId}, ${body.channelType}, ${body.mode}, ${name},
                        ${creds ? encryptCredentials(deps.config.channelKey, id, creds) : null},
                        ${claims.jti}, ${a.userId})`,
          );
          await setDepartments(tx, id, departmentIds);
          await recordAudit(tx, {
            companyId: a.companyId,
            who: userWho(a),
            action: "channel.connected",
            target: { type: "channel", id, label: name },
            after: channelAudit({ name, type: body.channelType, mode: body.mode, departmentIds }),
          });
          await activate(id, body.channelType, body.mode, creds);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict(LINK_USED);
        throw err;
      }
      return channelById(a.companyId, id);
    },

    async list(a: Actor | undefined): Promise<S["ChannelList"]> {
      const actor = requireActor(a);
      const found = await rows<ChannelRow>(
        db,
        sql`select ${CHANNEL_COLUMNS} from channels c left join users u on u.id = c.created_by
             where c.company_id = ${actor.companyId} and c.deleted_at is null
               and ${visibleChannel(actor, sql`c.id`)}
             order by c.created_at desc, c.id desc`,
      );
      return { data: found.map(toChannel) };
    },

    async templates(a: Actor | undefined, channelId: string): Promise<S["WhatsappTemplateList"]> {
      const actor = requireActor(a);
      const channel = await findChannel(db, actor, channelId);
      if (!CAPABILITIES[channel.channel_type].templates) throw new Unprocessable(NOT_WHATSAPP);
      return { data: await storedTemplates(db, actor.companyId, channel.id) };
    },

    async syncTemplates(a: Actor | undefined, channelId: string): Promise<S["WhatsappTemplateList"]> {
      assertAdmin(a);
      const channel = await findChannel(db, a, channelId);
      if (!CAPABILITIES[channel.channel_type].templates) throw new Unprocessable(NOT_WHATSAPP);
      const { driver, context } = channelRuntime(deps, channel);
      if (!driver?.syncTemplates) throw new Unprocessable(noProviderConnector(channel.channel_type));
      const fetched = await driver.syncTemplates(context);
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from whatsapp_templates where channel_id = ${channel.id}`);
        for (const t of fetched) {
          await tx.execute(
            sql`insert into whatsapp_templates (id, company_id, channel_id, name, language, components)
                values (${uuidv7()}, ${a.companyId}, ${channel.id}, ${t.name}, ${t.language},
                        ${JSON.stringify(t.components)}::jsonb)
                on conflict (channel_id, name, language) do update set components = excluded.components,
                   synced_at = now()`,
          );
        }
      });
      return { data: await storedTemplates(db, a.companyId, channel.id) };
    },

    /**
     * Deletes the channel (its credentials are wiped), then asks the provider to stop calling its webhook (Telegram
     * deleteWebhook): best effort, a failure is logged and the channel stays deleted.
     */
    async remove(
      a: Actor | undefined,
      channelId: string,
      log?: { warn: (obj: object, msg: string) => void },
    ): Promise<S["Ok"]> {
      assertAdmin(a);
      const done = await db.transaction(async (tx) => {
        const gone = await rows<{
          id: string;
          company_id: string;
          name: string;
          channel_type: ChannelType;
          driver: ChannelDriverKind;
          credentials: string | null;
        }>(
          tx,
          sql`update channels c set deleted_at = now(), credentials = null, updated_at = now()
                from (select id, credentials from channels
                       where id = ${channelId} and company_id = ${a.companyId} and deleted_at is null
                       for update) old
               where c.id = old.id
               returning c.id, c.company_id, c.name, c.channel_type, c.driver, old.credentials`,
        );
        const [ch] = gone;
        if (ch) {
          await recordAudit(tx, {
            companyId: a.companyId,
            who: userWho(a),
            action: "channel.deleted",
            target: { type: "channel", id: ch.id, label: ch.name },
            before: { name: ch.name, channelType: ch.channel_type, sandbox: ch.driver === "sandbox" },
          });
        }
        return gone;
      });
      if (done.length === 0) throw new NotFound(ERROR_DELETING_DATA);
      try {
        const { driver, context } = channelRuntime(deps, done[0]!);
        await driver?.deactivate?.(context);
      } catch (err) {
        log?.warn(
          { err, channelId, channelType: done[0]!.channel_type },
          "the deleted channel's provider webhook could not be removed",
        );
      }
      return { message: CHANNEL_DELETED };
    },
  };
}

export async function storedTemplates(
  db: DbOrTx,
  companyId: string,
  channelId: string,
): Promise<S["WhatsappTemplate"][]> {
  return rows<S["WhatsappTemplate"]>(
    db,
    sql`select name, language, components from whatsapp_templates
         where company_id = ${companyId} and channel_id = ${channelId}
         order by name, language`,
  );
}
