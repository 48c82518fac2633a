import { describe, expect, it } from "vitest";
import { type CachedActor, SessionCache } from "./session-cache";
import type { AccessClaims } from "./tokens";

const actor: CachedActor = { userId: "u1", companyId: "c1", role: "admin", isOwner: true, departmentIds: [] };
const claims = (sid: string, userId = "u1"): AccessClaims => ({
  user_id: userId,
  role: "admin",
  company_id: "c1",
  sid,
  typ: "access",
});
const inAnHour = () => new Date(Date.now() + 3600_000);

function listening(opts?: ConstructorParameters<typeof SessionCache>[0]) {
  const cache = new SessionCache(opts);
  cache.setListening(true);
  return cache;
}

describe("SessionCache", () => {
  it("keeps nothing while no invalidation can arrive", () => {
    const cache = new SessionCache();
    cache.set(cache.epoch(), "s1", "access", actor, inAnHour());
    expect(cache.get(claims("s1"))).toBeUndefined();
    cache.setListening(true);
    cache.set(cache.epoch(), "s1", "access", actor, inAnHour());
    expect(cache.get(claims("s1"))).toEqual(actor);
    cache.setListening(false);
    expect(cache.get(claims("s1"))).toBeUndefined();
  });

  it("does not store a lookup that an invalidation overtook", () => {
    const cache = listening();
    const epoch = cache.epoch(); // the lookup starts
    cache.invalidate("s:s1"); // the session is revoked while the query runs
    cache.set(epoch, "s1", "access", actor, inAnHour()); // the (stale) answer arrives
    expect(cache.get(claims("s1"))).toBeUndefined();
  });

  it("stores a lookup that only unrelated invalidations overtook (a busy server keeps its cache)", () => {
    const cache = listening();
    const epoch = cache.epoch();
    cache.invalidate("s:other-session");
    cache.invalidate("u:other-user");
    cache.set(epoch, "s1", "access", actor, inAnHour());
    expect(cache.get(claims("s1"))).toEqual(actor);
    // ...but not one overtaken by its own user's invalidation, or by a clear
    const e2 = cache.epoch();
    cache.invalidate(`u:${actor.userId}`);
    cache.set(e2, "s2", "access", actor, inAnHour());
    expect(cache.get(claims("s2"))).toBeUndefined();
    const e3 = cache.epoch();
    cache.clear();
    cache.set(e3, "s3", "access", actor, inAnHour());
    expect(cache.get(claims("s3"))).toBeUndefined();
  });

  it("treats a lookup older than the kept invalidations as raced", () => {
    const cache = listening();
    const epoch = cache.epoch();
    for (let i = 0; i < 5000; i++) cache.invalidate(`u:someone-${i}`);
    cache.set(epoch, "s1", "access", actor, inAnHour());
    expect(cache.get(claims("s1"))).toBeUndefined();
  });

  it("drops one session, or every session of a user", () => {
    const cache = listening();
    cache.set(cache.epoch(), "s1", "access", actor, inAnHour());
    cache.set(cache.epoch(), "s2", "access", actor, inAnHour());
    cache.set(cache.epoch(), "s3", "access", { ...actor, userId: "u2" }, inAnHour());
    cache.invalidate("s:s1");
    expect(cache.get(claims("s1"))).toBeUndefined();
    expect(cache.get(claims("s2"))).toEqual(actor);
    cache.invalidate("u:u1");
    expect(cache.get(claims("s2"))).toBeUndefined();
    expect(cache.get(claims("s3", "u2"))).toBeDefined();
  });

  it("serves an entry no longer than its TTL nor past the session's expiry, and only to its user", () => {
    const cache = listening({ ttlMs: 1000 });
    cache.set(cache.epoch(), "s1", "access", actor, inAnHour());
    expect(cache.get(claims("s1"), Date.now() + 799)).toEqual(actor); // kept 80-100 % of the TTL
    expect(cache.get(claims("s1"), Date.now() + 1001)).toBeUndefined();
    cache.set(cache.epoch(), "s2", "access", actor, new Date(Date.now() + 100));
    expect(cache.get(claims("s2"), Date.now() + 101)).toBeUndefined();
    cache.set(cache.epoch(), "s3", "access", actor, inAnHour());
    expect(cache.get(claims("s3", "someone-else"))).toBeUndefined();
    expect(cache.get({ ...claims("s3"), typ: "preauth" })).toBeUndefined();
  });

  it("remembers a verified token until its own expiry", () => {
    const cache = listening();
    const exp = Math.floor(Date.now() / 1000) + 60;
    cache.rememberToken("t", claims("s1"), exp);
    expect(cache.verifiedToken("t")).toEqual(claims("s1"));
    expect(cache.verifiedToken("t", exp * 1000 + 1)).toBeUndefined();
    expect(cache.verifiedToken("t")).toBeUndefined();
  });

  it("holds a bounded number of entries", () => {
    const cache = listening({ maxEntries: 2 });
    for (const sid of ["s1", "s2", "s3"]) cache.set(cache.epoch(), sid, "access", actor, inAnHour());
    expect(cache.get(claims("s1"))).toBeUndefined();
    expect(cache.get(claims("s3"))).toEqual(actor);
  });
});
