import { useEffect, useRef, useState } from "react";

/**
 * The server's live events (`GET /api/events`, streamEvents): one EventSource per tab, with the token as
 * `access_token` (EventSource cannot send headers), shared by every part of the portal that listens (the
 * header's bell and credit figures, the social inbox) and closed when the last one stops. Events are hints:
 * listeners refetch what they show, and keep a poll for when the stream is down.
 */
export type LiveEventName = "room" | "message" | "broadcast" | "notification" | "credit";
export type LiveEventHandlers = Partial<Record<LiveEventName, (data: Record<string, unknown>) => void>>;

interface Shared {
  token: string;
  source: EventSource;
  users: number;
  open: boolean;
  watchers: Set<(open: boolean) => void>;
}

let shared: Shared | null = null;

function parse(event: MessageEvent): Record<string, unknown> {
  try {
    const data = JSON.parse(String(event.data)) as unknown;
    return data && typeof data === "object" ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function acquire(token: string): Shared {
  if (shared && shared.token !== token) {
    shared.source.close();
    shared = null;
  }
  if (!shared) {
    const source = new EventSource(`/api/events?access_token=${encodeURIComponent(token)}`);
    const s: Shared = { token, source, users: 0, open: false, watchers: new Set() };
    const set = (open: boolean) => {
      if (s.open === open) return;
      s.open = open;
      for (const w of s.watchers) w(open);
    };
    source.addEventListener("open", () => set(true));
    source.addEventListener("error", () => set(false));
    shared = s;
  }
  shared.users += 1;
  return shared;
}

function release(s: Shared) {
  s.users -= 1;
  if (s.users > 0) return;
  s.source.close();
  if (shared === s) shared = null;
}

/**
 * Listens to the live events while mounted (nothing without a token or where EventSource is missing);
 * answers whether the stream is open now, so a caller may poll slower while it is.
 */
export function useLiveEvents(token: string | null, handlers: LiveEventHandlers): boolean {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [open, setOpen] = useState(false);
  const names = Object.keys(handlers).sort().join(",");
  useEffect(() => {
    if (!token || typeof EventSource === "undefined") return;
    const s = acquire(token);
    const listeners = names
      .split(",")
      .filter(Boolean)
      .map((name) => {
        const listener = (event: Event) =>
          latest.current[name as LiveEventName]?.(parse(event as MessageEvent));
        s.source.addEventListener(name, listener);
        return [name, listener] as const;
      });
    setOpen(s.open);
    s.watchers.add(setOpen);
    return () => {
      for (const [name, listener] of listeners) s.source.removeEventListener(name, listener);
      s.watchers.delete(setOpen);
      release(s);
    };
  }, [token, names]);
  return open;
}
