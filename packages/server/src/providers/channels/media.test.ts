import { describe, expect, it } from "vitest";
import { fetchInboundMedia, type InboundMedia, MediaUnavailable } from "./media";

const API = "http://127.0.0.1:9/graph"; // the configured API base (a loopback a test points the connector at)
const media = (url: string): InboundMedia => ({
  providerMessageId: "m1",
  kind: "image",
  source: { via: "url", url },
});
const refusal = (url: string, allowPrivate = false) =>
  fetchInboundMedia(API, {}, media(url), AbortSignal.timeout(5_000), { allowPrivate }).then(
    () => "fetched",
    (err: unknown) => (err instanceof MediaUnavailable ? err.message : `other: ${String(err)}`),
  );

describe("inbound media links are never followed into Herald's own network", () => {
  it("refuses https links to loopback, private, link-local (metadata) and mapped addresses before connecting", async () => {
    expect(await refusal("https://127.0.0.1:8443/pic.jpg")).toMatch(/^Not followed: .*loopback/);
    expect(await refusal("https://10.0.0.7/pic.jpg")).toMatch(/^Not followed: .*private/);
    expect(await refusal("https://169.254.169.254/latest/meta-data/")).toMatch(/^Not followed: .*linkLocal/);
    expect(await refusal("https://[::ffff:127.0.0.1]/pic.jpg")).toMatch(/^Not followed: .*loopback/);
    expect(await refusal("https://2130706433/pic.jpg")).toMatch(/^Not followed: .*loopback/);
    // plain http to anything but the configured API is not followed at all
    expect(await refusal("http://93.184.215.14/pic.jpg")).toMatch(/^Not followed: http:/);
  });

  it("the private allowance opens loopback and private hosts, never link-local", async () => {
    // allowed through the check: the request is made and fails on the closed port, not on the policy
    expect(await refusal("https://127.0.0.1:9/pic.jpg", true)).not.toMatch(/^Not followed/);
    expect(await refusal("https://169.254.169.254/latest/meta-data/", true)).toMatch(
      /^Not followed: .*linkLocal/,
    );
  });
});
