import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, CHAT_CHANNEL, ChatPageCache, cachedPage, gzipOf } from "./chat-cache";
import { SessionCache } from "./session-cache";

function caches(opts?: ConstructorParameters<typeof ChatPageCache>[1]) {
  const auth = new SessionCache();
  const chat = new ChatPageCache(auth, opts);
  auth.setListening(true);
  return { auth, chat };
}
const room = { companyId: "k1", channelId: "ch1" };

describe("ChatPageCache", () => {
  it("serves a page until a notice names one of its keys", () => {
    const { chat } = caches();
    chat.set("list", chat.epoch(), ["k:k1", "c:ch1", "c:ch2"], '{"data":[]}');
    expect(chat.page("list")?.json.toString()).toBe('{"data":[]}');
    chat.invalidate("c:ch3"); // another channel
    chat.invalidate("r:room-1"); // a room's messages
    expect(chat.page("list")).toBeDefined();
    chat.invalidate("c:ch2");
    expect(chat.page("list")).toBeUndefined();
    chat.set("list", chat.epoch(), ["k:k1", "c:ch1"], "{}");
    chat.invalidate("k:k1"); // the company's channels or departments
    expect(chat.page("list")).toBeUndefined();
  });

  it("does not store an answer whose statement a notice overtook", () => {
    const { chat } = caches();
    const gen = chat.epoch(); // the statement starts
    chat.invalidate("r:room-1"); // a message commits while it runs
    chat.set("messages", gen, ["r:room-1", "k:k1"], "{}", room);
    expect(chat.page("messages", { companyId: "k1", channels: new Set(["ch1"]) })).toBeUndefined();
    // an unrelated notice does not stop it
    const later = chat.epoch();
    chat.invalidate("r:room-2");
    chat.set("messages", later, ["r:room-1", "k:k1"], "{}", room);
    expect(chat.page("messages", { companyId: "k1", channels: new Set(["ch1"]) })).toBeDefined();
  });

  it("gives a message page only to a caller of the room's company who sees its channel", () => {
    const { chat } = caches();
    chat.set("messages", chat.epoch(), ["r:room-1", "k:k1"], "{}", room);
    expect(chat.page("messages", { companyId: "k1", channels: new Set(["ch1", "ch2"]) })).toBeDefined();
    expect(chat.page("messages", { companyId: "k1", channels: new Set(["ch2"]) })).toBeUndefined();
    expect(chat.page("messages", { companyId: "k2", channels: new Set(["ch1"]) })).toBeUndefined();
  });

  it("serves a page with an end of life only before it", () => {
    const { chat } = caches();
    const until = Date.now() + 60_000;
    chat.set("messages", chat.epoch(), ["r:room-1", "k:k1"], "{}", room, until);
    const caller = { companyId: "k1", channels: new Set(["ch1"]) };
    expect(chat.page("messages", caller, until - 1)).toBeDefined();
    expect(chat.page("messages", caller, until)).toBeUndefined();
    // and it is gone for good
    expect(chat.page("messages", caller, until - 1)).toBeUndefined();
  });

  it("keeps visible channels per company and visibility until the company's notice", () => {
    const { chat } = caches();
    chat.setVisibleChannels("k1", "d1", chat.epoch(), new Set(["ch1"]));
    expect(chat.visibleChannels("k1", "d1")).toEqual(new Set(["ch1"]));
    expect(chat.visibleChannels("k1", "d2")).toBeUndefined();
    expect(chat.visibleChannels("k2", "d1")).toBeUndefined();
    chat.invalidate("c:ch1");
    expect(chat.visibleChannels("k1", "d1")).toBeDefined();
    chat.invalidate("k:k1");
    expect(chat.visibleChannels("k1", "d1")).toBeUndefined();
  });

  it("counts forgotten keys as changed, so memory stays bounded without serving stale pages", () => {
    const { chat } = caches({ maxKeys: 10 });
    const gen = chat.epoch();
    chat.set("messages", gen, ["r:room-1"], "{}", room);
    for (let i = 0; i < 20; i++) chat.invalidate(`r:other-${i}`); // older notices are forgotten
    // whether room-1 changed can no longer be told for a page that old: it is not served
    expect(chat.page("messages", { companyId: "k1", channels: new Set(["ch1"]) })).toBeUndefined();
    // a page read after them is
    chat.set("messages", chat.epoch(), ["r:room-1"], "{}", room);
    expect(chat.page("messages", { companyId: "k1", channels: new Set(["ch1"]) })).toBeDefined();
  });

  it("is off and empty while the listener is down, and hears its channel on the session cache's connection", async () => {
    const { auth, chat } = caches();
    expect(auth.extraChannels.has(CHAT_CHANNEL)).toBe(true);
    chat.set("list", chat.epoch(), ["c:ch1"], "{}");
    auth.setListening(false);
    expect(chat.active).toBe(false);
    expect(await chat.ready()).toBe(false);
    chat.set("list", chat.epoch(), ["c:ch1"], "{}");
    auth.setListening(true);
    expect(chat.page("list")).toBeUndefined();
    auth.extraChannels.get(CHAT_CHANNEL)?.("c:ch1");
    chat.set("list", chat.epoch() - 1, ["c:ch1"], "{}");
    expect(chat.page("list")).toBeUndefined();
  });

  it("compresses a page once, and only one worth compressing", () => {
    const small = cachedPage('{"data":[],"total":0}');
    expect(gzipOf(small)).toBeUndefined();
    const json = JSON.stringify({ data: Array.from({ length: 50 }, (_, i) => ({ text: `Message ${i}` })) });
    const page = cachedPage(json);
    const gz = gzipOf(page);
    expect(gz).toBeDefined();
    expect(gzipOf(page)).toBe(gz); // made once
    expect(gunzipSync(gz!).toString()).toBe(json);
    expect(gz!.length).toBeLessThan(page.json.length / 4);
  });

  it("reads Accept-Encoding as browsers and proxies write it", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("deflate, br")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip(["deflate", "GZIP"])).toBe(true);
  });
});
