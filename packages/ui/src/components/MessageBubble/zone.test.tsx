import { setDisplayTimeZone } from "@herald/domain";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ChatRoomListItem } from "../ChatRoomListItem";
import { StatusLogLine } from "../StatusLogLine";
import { MessageBubble } from "./MessageBubble";

// What a story cannot show: the conversation's times follow the company's time zone once the portal sets it
// (a story has no company). 14 Mar 2025 02:42 UTC is 10:42 in Singapore and 22:42 the day before in New York.

const at = new Date(Date.UTC(2025, 2, 14, 2, 42));
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  root.unmount();
  container.remove();
  setDisplayTimeZone(null);
});

function show(zone: string) {
  setDisplayTimeZone(zone);
  flushSync(() =>
    root.render(
      <div>
        <MessageBubble message={{ id: "m1", type: "inbox", text: "Hi", createdAt: at }} />
        <StatusLogLine log={{ status: "closed", assignBy: "Jane" }} at={at} />
        <ChatRoomListItem
          room={{
            subscriberId: "s1",
            subscriberName: "Jane Tan",
            chatroomStatus: "open",
            channelType: "WHATSAPP",
            text: "Hi",
            lastActivityAt: at,
          }}
          now={new Date(Date.UTC(2025, 2, 14, 8, 0))}
        />
      </div>,
    ),
  );
  return container.textContent ?? "";
}

describe("conversation times in the company's time zone", () => {
  it("shows a Singapore company's bubble, log line and room list in Singapore time, labelled", () => {
    const text = show("Asia/Singapore");
    expect(text).toContain("14/03/2025 10:42 AM SGT");
    expect(text).toContain("· 14/03/2025 10:42 AM SGT");
    // the room list is compact: today's time without the zone, which the header of the inbox already names
    expect(text).toContain("10:42 AM");
  });

  it("shows a New York company the same instant on its own calendar day", () => {
    const text = show("America/New_York");
    expect(text).toMatch(/13\/03\/2025 10:42 PM (EDT|GMT-4)/);
    // 8:00 UTC on the 14th is still the 14th in New York, the message was on the 13th: a date, not a time
    expect(text).toContain("13/03/2025");
    expect(text).not.toContain("AM SGT");
  });
});
