import { useEffect, useRef, useState } from "react";

/**
 * The server's live events (`GET /api/events`, streamEvents), with the token as `access_token` (EventSource
 * cannot send headers), shared by every part of the portal that listens (the header's bell and credit figures,
 * the social inbox) and closed when the last one stops. Events are hints: listeners refetch what they show, and
 * keep a poll for when the stream is down.
 *
 * One stream per browser, not per tab: a browser allows only six HTTP/1.1 connections per host, and a stream
 * held open by every tab would leave a seventh tab's requests waiting for ever. Where the browser has Web Locks
 * and BroadcastChannel, the tab holding the lock (named after the token) opens the stream and passes each event
 * to the other tabs of the same sign-in; when it closes, another tab takes the lock and opens it. Elsewhere each
 * tab opens its own.
 */
export type LiveEventName = "room" | "message" | "broadcast" | "notification" | "credit";
export type LiveEventHandlers = Partial<Record<LiveEventName, (data: Record<string, unknown>) => void>>;

const EVENT_NAMES: readonly LiveEventName[] = ["room", "message", "broadcast", "notification", "credit"];

type TabMessage =
  | { kind: "event"; name: LiveEventName; data: Record<string, unknown> }
  | { kind: "open"; open: boolean }
  | { kind: "hello" };

interface Hub {
  token: string;
  users: number;
  open: boolean;
  target: EventTarget;
  watchers: Set<(open: boolean) => void>;
  stop: () => void;
}

let shared: Hub | null = null;

function parse(event: MessageEvent): Record<string, unknown> {
  try {
    const data = JSON.parse(String(event.data)) as unknown;
    return data && typeof data === "object" ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A short name for a token (lock and channel names; not a secret's hash, only a partition). */
export function keyOf(token: string): string {
  let h = 0;
  for (let i = 0; i < token.length; i++) h = (Math.imul(h, 31) + token.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

function openSource(
  token: string,
  onEvent: (name: LiveEventName, data: Record<string, unknown>) => void,
  onOpen: (open: boolean) => void,
): EventSource {
  const source = new EventSource(`/api/events?access_token=${encodeURIComponent(token)}`);
  source.addEventListener("open", () => onOpen(true));
  source.addEventListener("error", () => onOpen(false));
  for (const name of EVENT_NAMES) {
    source.addEventListener(name, (event) => onEvent(name, parse(event as MessageEvent)));
  }
  return source;
}

function startHub(token: string): Hub {
  const hub: Hub = {
    token,
    users: 0,
    open: false,
    target: new EventTarget(),
    watchers: new Set(),
    stop: () => {},
  };
  const setOpen = (open: boolean) => {
    if (hub.open === open) return;
    hub.open = open;
    for (const w of hub.watchers) w(open);
  };
  const deliver = (name: LiveEventName, data: Record<string, unknown>) =>
    hub.target.dispatchEvent(new CustomEvent(name, { detail: data }));
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks || typeof BroadcastChannel === "undefined") {
    const source = openSource(token, deliver, setOpen);
    hub.stop = () => source.close();
    return hub;
  }
  const name = `herald-events-${keyOf(token)}`;
  const channel = new BroadcastChannel(name);
  const post = (message: TabMessage) => channel.postMessage(message);
  let leading = false;
  let release = () => {};
  channel.onmessage = (m: MessageEvent<TabMessage>) => {
    const message = m.data;
    if (message.kind === "hello") {
      if (leading) post({ kind: "open", open: hub.open });
    } else if (!leading) {
      if (message.kind === "event") deliver(message.name, message.data);
      else setOpen(message.open);
    }
  };
  post({ kind: "hello" });
  const waiting = new AbortController();
  locks
    .request(name, { signal: waiting.signal }, () => {
      leading = true;
      const source = openSource(
        token,
        (event, data) => {
          deliver(event, data);
          post({ kind: "event", name: event, data });
        },
        (open) => {
          setOpen(open);
          post({ kind: "open", open });
        },
      );
      return new Promise<void>((resolve) => {
        release = () => {
          source.close();
          resolve();
        };
      });
    })
    .catch(() => {}); // aborted: this tab stopped listening before its turn came
  hub.stop = () => {
    waiting.abort();
    if (leading) post({ kind: "open", open: false });
    release();
    channel.close();
  };
  return hub;
}

function acquire(token: string): Hub {
  if (shared && shared.token !== token) {
    shared.stop();
    shared = null;
  }
  shared ??= startHub(token);
  shared.users += 1;
  return shared;
}

function release(hub: Hub) {
  hub.users -= 1;
  if (hub.users > 0) return;
  hub.stop();
  if (shared === hub) shared = null;
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
    const hub = acquire(token);
    const listeners = names
      .split(",")
      .filter(Boolean)
      .map((name) => {
        const listener = (event: Event) =>
          latest.current[name as LiveEventName]?.((event as CustomEvent<Record<string, unknown>>).detail);
        hub.target.addEventListener(name, listener);
        return [name, listener] as const;
      });
    setOpen(hub.open);
    hub.watchers.add(setOpen);
    return () => {
      for (const [name, listener] of listeners) hub.target.removeEventListener(name, listener);
      hub.watchers.delete(setOpen);
      release(hub);
    };
  }, [token, names]);
  return open;
}
