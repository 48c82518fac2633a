import { QueryClient } from "@tanstack/react-query";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keyOf } from "../../shell/event-stream";
import { messagesKey, profileKey, roomsKey, useChatEvents } from "./social.queries";

/** A stand-in EventSource the test drives by hand. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function Listener({ client }: { client: QueryClient }) {
  useChatEvents(client, "tok en");
  return null;
}

afterEach(() => vi.unstubAllGlobals());

describe("live updates from the event stream", () => {
  it("refetches the rooms, a room's profile and its messages on room and message events, and closes", async () => {
    FakeEventSource.last = null;
    vi.stubGlobal("EventSource", FakeEventSource);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries").mockResolvedValue(undefined);
    const container = document.createElement("div");
    const root = createRoot(container);
    flushSync(() => root.render(<Listener client={client} />));
    // the tab that holds the browser's lock opens the one stream (at once when no other tab holds it)
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const source = FakeEventSource.last as FakeEventSource | null;
    expect(source?.url).toBe("/api/events?access_token=tok%20en");

    source?.emit("message", { subscriberId: "room-1", messageId: "m-1" });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: roomsKey });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagesKey("room-1") });
    invalidate.mockClear();
    source?.emit("room", { subscriberId: "room-2" });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: profileKey("room-2") });
    // an assignment's status-log line shows under the messages at once
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagesKey("room-2") });
    invalidate.mockClear();
    source?.emit("credit", {});
    expect(invalidate).not.toHaveBeenCalled();

    root.unmount();
    expect(source?.closed).toBe(true);
  });
});

describe("one stream per browser", () => {
  it("a second tab of the same sign-in opens no stream of its own: it gets the first tab's events", async () => {
    FakeEventSource.last = null;
    vi.stubGlobal("EventSource", FakeEventSource);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries").mockResolvedValue(undefined);
    const root = createRoot(document.createElement("div"));
    flushSync(() => root.render(<Listener client={client} />));
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const source = FakeEventSource.last as unknown as FakeEventSource;

    // another tab: a frame of the same origin running the same module holds no lock and opens nothing
    const frame = document.createElement("iframe");
    document.body.append(frame);
    const opened: string[] = [];
    const forwarded: unknown[] = [];
    const other = frame.contentWindow as Window & typeof globalThis;
    const otherChannel = new other.BroadcastChannel(`herald-events-${keyOf("tok en")}`);
    otherChannel.onmessage = (m: MessageEvent) => forwarded.push(m.data);
    let granted = false;
    const waiting = new AbortController();
    void other.navigator.locks
      .request(`herald-events-${keyOf("tok en")}`, { signal: waiting.signal }, () => {
        granted = true;
        opened.push("stream");
      })
      .catch(() => {});
    source.emit("message", { subscriberId: "room-9", messageId: "m-9" });
    await vi.waitFor(() =>
      expect(forwarded).toContainEqual({
        kind: "event",
        name: "message",
        data: { subscriberId: "room-9", messageId: "m-9" },
      }),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagesKey("room-9") });
    expect(granted).toBe(false); // the first tab still holds the stream

    // the first tab closes: its stream closes and the lock passes to the waiting tab
    root.unmount();
    expect(source.closed).toBe(true);
    await vi.waitFor(() => expect(granted).toBe(true));
    expect(opened).toEqual(["stream"]);
    waiting.abort();
    otherChannel.close();
    frame.remove();
  });
});
