/**
 * Campaigns of a company (/campaignList, /addCampaign, /getCampaign, /editCampaign, /deleteCampaign). Every
 * signed-in user of the company may manage them (the specification guards the campaign routes by sign-in
 * only) and sees all of the company's campaigns; every statement is filtered by the actor's company, so
 * another company's id answers 404 and its campaigns are never listed.
 *
 * Deleting marks campaigns `deleted` (they stay listed). Other areas attach to a delete through
 * `onCampaignDeleted`: their hooks run inside the delete's transaction (broadcasts, scheduled sends and
 * reserved credit of the campaigns go with it), and a hook that throws rolls the whole delete back. Which hooks
 * run is decided in one place, src/wiring.ts (`wireHooks`).
 */
import type { components } from "@herald/api-client/schema";
import { type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx, Tx } from "../../db/client";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, NotFound, Unprocessable } from "../../errors";
import { type Actor, requireActor } from "../../plugins/actor";
import {
  CAMPAIGN_DELETED,
  CAMPAIGN_DELETED_NOT_EDITABLE,
  CAMPAIGN_NAME_EXISTS,
  CAMPAIGN_NAME_REQUIRED,
  CAMPAIGN_NAME_TOO_LONG,
  CAMPAIGN_NOT_FOUND,
  CAMPAIGNS_DELETED,
} from "./campaigns.messages";

type S = components["schemas"];

// ---- Hook points for other areas ----

/** Runs inside the transaction that marks `campaignIds` (the company's, newly deleted) deleted. */
export type CampaignDeleteHook = (tx: Tx, companyId: string, campaignIds: string[]) => Promise<void>;
/** The latest broadcast of each of `campaignIds` that has one (for `broadcast_id` / `broadcast_name`). */
export type CampaignBroadcastResolver = (
  db: DbOrTx,
  companyId: string,
  campaignIds: string[],
) => Promise<Map<string, { id: string; name: string }>>;

const deleteHooks = new Set<CampaignDeleteHook>();
let broadcastResolver: CampaignBroadcastResolver | undefined;

/**
 * Registers a hook run by every campaign delete, in the delete's transaction, in registration order.
 * Returns a function that removes it.
 */
export function registerCampaignDeleteHook(fn: CampaignDeleteHook): () => void {
  deleteHooks.add(fn);
  return () => {
    deleteHooks.delete(fn);
  };
}
/** The hook point of campaign deletes (same as `registerCampaignDeleteHook`). */
export const onCampaignDeleted = registerCampaignDeleteHook;

/** Sets where campaigns find their latest broadcast (the broadcasts area); returns a function that unsets it. */
export function registerCampaignBroadcastResolver(fn: CampaignBroadcastResolver): () => void {
  broadcastResolver = fn;
  return () => {
    if (broadcastResolver === fn) broadcastResolver = undefined;
  };
}

// ---- Queries ----

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

interface CampaignRow {
  id: string;
  name: string;
  status: S["Campaign"]["status"];
  created_at: Date | string;
  scheduled_at: Date | string | null;
}

const COLUMNS = sql`id, name, status, created_at, scheduled_at`;

/** The campaign options of the compose and broadcast wizards: the company's campaigns not deleted, by name. */
export async function campaignOptions(db: DbOrTx, companyId: string): Promise<S["CampaignOption"][]> {
  return rows<S["CampaignOption"]>(
    db,
    sql`select id, name from campaigns
         where company_id = ${companyId} and deleted_at is null
         order by lower(name), id`,
  );
}

/** A trimmed campaign name within the limits (the schema checks the raw text; this checks what is stored). */
function campaignName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new BadRequest(CAMPAIGN_NAME_REQUIRED);
  if (name.length > 50) throw new BadRequest(CAMPAIGN_NAME_TOO_LONG);
  return name;
}

export function campaignsService({ database }: Deps) {
  const { db } = database;

  async function toCampaigns(companyId: string, found: CampaignRow[]): Promise<S["Campaign"][]> {
    const latest =
      broadcastResolver && found.length > 0
        ? await broadcastResolver(
            db,
            companyId,
            found.map((r) => r.id),
          )
        : new Map<string, { id: string; name: string }>();
    return found.map((r) => {
      const b = latest.get(r.id);
      return {
        id: r.id,
        name: r.name,
        status: r.status,
        created_dtm: iso(r.created_at),
        scheduled_dtm: isoOrNull(r.scheduled_at),
        broadcast_id: b?.id ?? null,
        broadcast_name: b?.name ?? null,
      };
    });
  }

  async function one(companyId: string, r: CampaignRow): Promise<S["Campaign"]> {
    const [c] = await toCampaigns(companyId, [r]);
    return c!;
  }

  return {
    /** The company's campaigns created within the optional inclusive range, newest first (deleted ones too). */
    async list(actor: Actor | undefined, filter: S["ReportFilter"]): Promise<S["CampaignList"]> {
      const { companyId } = requireActor(actor);
      const from = filter.startDate ? sql`and created_at >= ${filter.startDate}::timestamptz` : sql``;
      const to = filter.endDate ? sql`and created_at <= ${filter.endDate}::timestamptz` : sql``;
      const found = await rows<CampaignRow>(
        db,
        sql`select ${COLUMNS} from campaigns
             where company_id = ${companyId} ${from} ${to}
             order by created_at desc, id desc`,
      );
      return { data: await toCampaigns(companyId, found) };
    },

    async get(actor: Actor | undefined, id: string): Promise<S["Campaign"]> {
      const { companyId } = requireActor(actor);
      const [r] = await rows<CampaignRow>(
        db,
        sql`select ${COLUMNS} from campaigns where company_id = ${companyId} and id = ${id}`,
      );
      if (!r) throw new NotFound(CAMPAIGN_NOT_FOUND);
      return one(companyId, r);
    },

    /** A new `ready` campaign; 422 when a campaign of the company that is not deleted has the name (any case). */
    async add(actor: Actor | undefined, rawName: string): Promise<S["Campaign"]> {
      const a = requireActor(actor);
      const name = campaignName(rawName);
      const [r] = await rows<CampaignRow>(
        db,
        sql`insert into campaigns (id, company_id, name, created_by)
            values (${uuidv7()}, ${a.companyId}, ${name}, ${a.userId})
            on conflict do nothing
            returning ${COLUMNS}`,
      );
      if (!r) throw new Unprocessable(CAMPAIGN_NAME_EXISTS);
      return one(a.companyId, r);
    },

    /** Renames a campaign; 409 when it is deleted, 422 when another live campaign has the name. */
    async edit(actor: Actor | undefined, id: string, rawName: string): Promise<S["Campaign"]> {
      const { companyId } = requireActor(actor);
      const name = campaignName(rawName);
      let r: CampaignRow | undefined;
      try {
        [r] = await rows<CampaignRow>(
          db,
          sql`update campaigns set name = ${name}
               where company_id = ${companyId} and id = ${id} and deleted_at is null
           returning ${COLUMNS}`,
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw new Unprocessable(CAMPAIGN_NAME_EXISTS);
        throw err;
      }
      if (!r) {
        const [exists] = await rows<{ id: string }>(
          db,
          sql`select id from campaigns where company_id = ${companyId} and id = ${id}`,
        );
        if (!exists) throw new NotFound(CAMPAIGN_NOT_FOUND);
        throw new Conflict(CAMPAIGN_DELETED_NOT_EDITABLE);
      }
      return one(companyId, r);
    },

    /**
     * Marks the selected campaigns deleted, all or nothing: 404 (and no change) when one is not the
     * company's. Campaigns already deleted stay as they are; the delete hooks receive the newly deleted ones.
     */
    async remove(actor: Actor | undefined, ids: string[]): Promise<S["Ok"]> {
      const { companyId } = requireActor(actor);
      const wanted = [...new Set(ids.map((i) => i.toLowerCase()))];
      await db.transaction(async (tx) => {
        const found = await rows<{ id: string; deleted: boolean }>(
          tx,
          sql`select id, deleted_at is not null as deleted from campaigns
               where company_id = ${companyId} and id = any(${uuidArray(wanted)}::uuid[])
               for update`,
        );
        if (found.length !== wanted.length) throw new NotFound(CAMPAIGN_NOT_FOUND);
        const live = found.filter((f) => !f.deleted).map((f) => f.id);
        if (live.length === 0) return;
        await tx.execute(
          sql`update campaigns set status = 'deleted', deleted_at = now()
               where company_id = ${companyId} and id = any(${uuidArray(live)}::uuid[])`,
        );
        for (const hook of deleteHooks) await hook(tx, companyId, live);
      });
      return { message: wanted.length === 1 ? CAMPAIGN_DELETED : CAMPAIGNS_DELETED };
    },
  };
}
