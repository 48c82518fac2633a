import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signHeraldPayload, verifyHeraldSignature } from ".";

const secret = "whsec_test_secret";
const body = '{"id":"gw-1","status":"delivered"}';
const now = new Date("2026-11-24T02:00:00Z");
const t = Math.floor(now.getTime() / 1000);

describe("X-Herald-Signature", () => {
  it("signs t=<unix>,v1=<hex HMAC-SHA256 of '<t>.<raw body>'>", () => {
    const mac = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
    expect(signHeraldPayload(body, secret, now)).toBe(`t=${t},v1=${mac}`);
    expect(signHeraldPayload(Buffer.from(body), secret, now)).toBe(`t=${t},v1=${mac}`);
  });

  it("accepts its own signature for the same raw body, string or Buffer", () => {
    const header = signHeraldPayload(body, secret, now);
    expect(verifyHeraldSignature(body, header, secret, now)).toBe(true);
    expect(verifyHeraldSignature(Buffer.from(body), header, secret, now)).toBe(true);
    expect(verifyHeraldSignature(body, ` ${header.replace(",", " , ")} `, secret, now)).toBe(true);
    // Non-ASCII bodies are signed as UTF-8 bytes.
    const intl = '{"text":"Привет 😀"}';
    expect(verifyHeraldSignature(Buffer.from(intl), signHeraldPayload(intl, secret, now), secret, now)).toBe(
      true,
    );
  });

  it("accepts any matching v1 among several (secret rotation)", () => {
    const good = signHeraldPayload(body, secret, now).split(",")[1];
    expect(verifyHeraldSignature(body, `t=${t},v1=${"0".repeat(64)},${good}`, secret, now)).toBe(true);
  });

  it("rejects a changed body, another secret, a missing or malformed header", () => {
    const header = signHeraldPayload(body, secret, now);
    expect(verifyHeraldSignature(`${body} `, header, secret, now)).toBe(false);
    expect(verifyHeraldSignature(body, header, "other-secret", now)).toBe(false);
    expect(verifyHeraldSignature(body, undefined, secret, now)).toBe(false);
    expect(verifyHeraldSignature(body, "", secret, now)).toBe(false);
    expect(verifyHeraldSignature(body, header, "", now)).toBe(false);
    expect(verifyHeraldSignature(body, `t=${t}`, secret, now)).toBe(false);
    expect(verifyHeraldSignature(body, header.replace(/^t=\d+,/, ""), secret, now)).toBe(false);
    expect(verifyHeraldSignature(body, header.replace(/v1=[0-9a-f]{4}/, "v1=zzzz"), secret, now)).toBe(false);
    expect(verifyHeraldSignature(body, header.slice(0, -2), secret, now)).toBe(false);
    // The timestamp is part of what is signed.
    expect(verifyHeraldSignature(body, header.replace(`t=${t}`, `t=${t + 1}`), secret, now)).toBe(false);
  });

  it("rejects signatures older than 5 minutes (or that far in the future)", () => {
    const header = signHeraldPayload(body, secret, now);
    expect(verifyHeraldSignature(body, header, secret, new Date(now.getTime() + 300_000))).toBe(true);
    expect(verifyHeraldSignature(body, header, secret, new Date(now.getTime() + 301_000))).toBe(false);
    expect(verifyHeraldSignature(body, header, secret, new Date(now.getTime() - 301_000))).toBe(false);
  });
});
