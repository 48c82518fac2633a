import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";

const dir = () => mkdtempSync(path.join(tmpdir(), "herald-sending-"));

describe("sending settings", () => {
  it("defaults: 5 cents per SMS segment, 1 cent per e-mail, 50 SMS per second, 120 s submit timeout", () => {
    expect(loadConfig({ HERALD_DATA_DIR: dir() }).sending).toEqual({
      smsPriceCents: 5,
      emailPriceCents: 1,
      smsRatePerSecond: 50,
      submitTimeoutSeconds: 120,
      smsWebhookSecret: undefined,
    });
  });

  it("reads the environment and refuses a rate below 1", () => {
    const c = loadConfig({
      HERALD_DATA_DIR: dir(),
      HERALD_SMS_PRICE_CENTS: "7",
      HERALD_SMS_RATE: "1000",
      SMS_WEBHOOK_SECRET: "s",
    }).sending;
    expect(c).toMatchObject({ smsPriceCents: 7, smsRatePerSecond: 1000, smsWebhookSecret: "s" });
    expect(() => loadConfig({ HERALD_DATA_DIR: dir(), HERALD_SMS_RATE: "0" })).toThrow(/HERALD_SMS_RATE/);
  });
});
