import type { ApiClient, Schema } from "@herald/api-client";
import type { Progress } from "../../lib/progress";
import { call } from "../../session";

export interface BroadcastProgress {
  id: string;
  name: string;
  status: Schema<"BroadcastStatus">;
  stats: Schema<"BroadcastStats">;
}

export interface FollowHooks {
  /** Aborted to stop following (Ctrl-C); by default SIGINT aborts it. */
  signal?: AbortSignal;
  /** Pause between two reads of the breakdown (default 1 s). */
  pollMs?: number;
}

/** A broadcast in one of these states sends nothing more. */
export const ENDED: ReadonlySet<string> = new Set(["done", "cancelled"]);

export async function readProgress(url: string, client: ApiClient, id: string): Promise<BroadcastProgress> {
  const b = await call(url, () => client.GET("/social-chat/broadcast/{id}", { params: { path: { id } } }));
  return { id: b.id, name: b.name, status: b.status ?? "queued", stats: b.stats };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });

/**
 * Reads the broadcast's breakdown until it is done or cancelled, showing the counts on the progress line.
 * Ctrl-C (or `hooks.signal`) stops following only: the broadcast keeps sending on the server.
 */
export async function followBroadcast(
  url: string,
  client: ApiClient,
  id: string,
  progress: Progress,
  hooks: FollowHooks = {},
): Promise<{ progress: BroadcastProgress; ended: boolean }> {
  const stop = new AbortController();
  const onSigint = () => stop.abort();
  if (hooks.signal) {
    if (hooks.signal.aborted) stop.abort();
    else hooks.signal.addEventListener("abort", () => stop.abort(), { once: true });
  } else process.on("SIGINT", onSigint);
  try {
    let current = await readProgress(url, client, id);
    for (;;) {
      if (ENDED.has(current.status)) return { progress: current, ended: true };
      if (stop.signal.aborted) return { progress: current, ended: false };
      const s = current.stats;
      progress.update(
        `${current.status === "queued" ? "Queued" : current.status === "paused" ? "Paused" : "Sending"}: ` +
          `${s.sent + s.failed} of ${s.total} (Sent ${s.sent}, Delivered ${s.delivered}, Read ${s.read}, Failed ${s.failed})`,
      );
      await sleep(hooks.pollMs ?? 1000, stop.signal);
      if (stop.signal.aborted) return { progress: current, ended: false };
      current = await readProgress(url, client, id);
    }
  } finally {
    progress.stop();
    if (!hooks.signal) process.off("SIGINT", onSigint);
  }
}
