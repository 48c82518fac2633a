import { describe, expect, it } from "vitest";
import { ConfigError } from "../../config";
import { testApp, testConfig } from "../../test/harness";

describe("GET /api/portal-config: the operator's legal pages", () => {
  it("answers null for both when the operator set none (the portal's built-in pages)", async () => {
    const app = await testApp();
    const res = await app.inject({ method: "GET", url: "/api/portal-config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ termsUrl: null, privacyUrl: null });
  });

  it("answers HERALD_TERMS_URL and HERALD_PRIVACY_URL when set", async () => {
    const app = await testApp({
      HERALD_TERMS_URL: "https://operator.example.com/terms",
      HERALD_PRIVACY_URL: "https://operator.example.com/privacy",
    });
    const res = await app.inject({ method: "GET", url: "/api/portal-config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      termsUrl: "https://operator.example.com/terms",
      privacyUrl: "https://operator.example.com/privacy",
    });
  });

  it("refuses to start with a legal page address that is not an http(s) URL", () => {
    expect(() => testConfig({ HERALD_TERMS_URL: "javascript:alert(1)" })).toThrow(ConfigError);
    expect(() => testConfig({ HERALD_PRIVACY_URL: "not a url" })).toThrow(
      /HERALD_PRIVACY_URL must be an http\(s\) URL/,
    );
  });
});
