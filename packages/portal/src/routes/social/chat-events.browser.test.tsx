import { QueryClient } from "@tanstack/react-query";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
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
  it("refetches the rooms, a room's profile and its messages on room and message events, and closes", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries").mockResolvedValue(undefined);
    const container = document.createElement("div");
    const root = createRoot(container);
    flushSync(() => root.render(<Listener client={client} />));
    const source = FakeEventSource.last;
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
