/**
 * Live change notifications (GET /api/events). A change publishes its event with `pg_notify` inside its own
 * transaction, so the event leaves only if the change commits and every API process hears it: each process
 * LISTENs on `herald_events` (a dedicated connection on PostgreSQL, reconnecting when lost; PGlite's own
 * listen in the embedded default) and hands events to the hub, which passes them to the open streams of the
 * event's company. Streams filter further by what their user may see (modules/events). Events are hints only:
 * a client that missed some refetches.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, DbOrTx } from "../db/client";

export const EVENTS_CHANNEL = "herald_events";

export type EventName = "room" | "message" | "broadcast" | "notification" | "credit";

export interface HeraldEvent {
  event: EventName;
  companyId: string;
  /** Room and message events: the room's channel (department visibility). */
  channelId?: string;
  /** Events for one user only (their notifications, their own credit). */
  userId?: string;
  data: Record<string, unknown>;
}

/** Publishes an event with the caller's transaction (sent on commit, dropped on rollback). */
export async function publish(tx: DbOrTx, e: HeraldEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(e)})`);
}

/** Several events with the caller's transaction, in one statement. */
export async function publishAll(tx: DbOrTx, events: HeraldEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (events.length === 1) return publish(tx, events[0]!);
  const payloads = JSON.stringify(events.map((e) => JSON.stringify(e)));
  await tx.execute(
    sql`select pg_notify(${EVENTS_CHANNEL}, p) from json_array_elements_text(${payloads}::json) p`,
  );
}

/**
 * The `credit` event of a balance change: the company's balance concerns every user of the company (admins
 * show it; everyone's own figures may follow it), a user's balance only that user. Movements between
 * internal accounts that neither balance shows (a reservation captured as usage) publish nothing.
 */
export function creditEvent(
  companyId: string,
  touched: { company: boolean; userId: string | null },
): HeraldEvent | null {
  if (touched.company) return { event: "credit", companyId, data: {} };
  if (touched.userId) return { event: "credit", companyId, userId: touched.userId, data: {} };
  return null;
}

/** The `notification` event of a new notification, for its user only. */
export const notificationEvent = (n: { companyId: string; userId: string; id: string }): HeraldEvent => ({
  event: "notification",
  companyId: n.companyId,
  userId: n.userId,
  data: { notificationId: n.id },
});

/** Room and message events of one room, together (one statement). */
export async function publishRoom(
  tx: DbOrTx,
  room: { companyId: string; channelId: string; subscriberId: string },
  messageId?: string | null,
): Promise<void> {
  const base = { companyId: room.companyId, channelId: room.channelId };
  const roomEvent = JSON.stringify({ ...base, event: "room", data: { subscriberId: room.subscriberId } });
  if (!messageId) {
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${roomEvent})`);
    return;
  }
  const messageEvent = JSON.stringify({
    ...base,
    event: "message",
    data: { subscriberId: room.subscriberId, messageId },
  });
  await tx.execute(
    sql`select pg_notify(${EVENTS_CHANNEL}, ${roomEvent}), pg_notify(${EVENTS_CHANNEL}, ${messageEvent})`,
  );
}

type Listener = (e: HeraldEvent) => void;

export class EventHub {
  private readonly byCompany = new Map<string, Set<Listener>>();

  subscribe(companyId: string, fn: Listener): () => void {
    let set = this.byCompany.get(companyId);
    if (!set) {
      set = new Set();
      this.byCompany.set(companyId, set);
    }
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.byCompany.delete(companyId);
    };
  }

  /** A raw notification payload from the database. */
  dispatch(payload: string): void {
    let e: HeraldEvent;
    try {
      e = JSON.parse(payload) as HeraldEvent;
    } catch {
      return;
    }
    const set = this.byCompany.get(e.companyId);
    if (!set) return;
    for (const fn of set) fn(e);
  }

  get streams(): number {
    let n = 0;
    for (const s of this.byCompany.values()) n += s.size;
    return n;
  }
}

/** Starts this process's listener; returns the function that stops it. */
export async function listenForEvents(
  database: Database,
  hub: EventHub,
  opts: { onError?: (err: unknown) => void; retryMs?: number } = {},
): Promise<() => Promise<void>> {
  if (database.kind === "pglite") {
    const unlisten = await database.pglite!.listen(EVENTS_CHANNEL, (payload) => hub.dispatch(payload));
    return async () => {
      await unlisten();
    };
  }
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const retryMs = opts.retryMs ?? 1000;
  const down = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = undefined;
    if (err) opts.onError?.(err);
    c.end().catch(() => {});
    if (!closed) timer = setTimeout(() => void connect(), retryMs);
  };
  async function connect() {
    timer = undefined;
    if (closed) return;
    const c = new pg.Client({
      connectionString: database.connectionString,
      application_name: "herald-events",
    });
    client = c;
    c.on("error", (err) => down(c, err));
    c.on("end", () => down(c));
    c.on("notification", (m) => {
      if (m.channel === EVENTS_CHANNEL && m.payload) hub.dispatch(m.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${EVENTS_CHANNEL}`);
    } catch (err) {
      down(c, err);
    }
  }
  await connect();
  return async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}
