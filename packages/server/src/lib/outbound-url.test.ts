import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addressRange,
  checkOutboundUrl,
  OutboundUrlRefused,
  outboundRequest,
  refusedAddress,
} from "./outbound-url";

const OFF = { allowPrivate: false };
const ON = { allowPrivate: true };
/** A resolver that answers the given addresses for every name (no network). */
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundUrlRefused);
    return (err as OutboundUrlRefused).reason;
  }
  throw new Error("not refused");
};

describe("address classifier", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["169.254.0.1", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.255", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456:789a::1", "uniqueLocal"],
    ["fe80::1", "linkLocal"],
    ["febf::1", "linkLocal"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["[::ffff:192.168.0.1]", "private"],
  ])("%s is %s and refused", (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(refusedAddress(address, OFF)).toMatch(/is a/);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
  ])("%s is public", (address) => {
    expect(addressRange(address)).toBe("unicast");
    expect(refusedAddress(address, OFF)).toBeUndefined();
  });

  it("the private allowance opens loopback, private, CGNAT and unique-local, never link-local or unspecified", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "192.168.1.1",
      "100.64.0.1",
      "::1",
      "fd00::1",
      "::ffff:127.0.0.1",
    ]) {
      expect(refusedAddress(a, ON), a).toBeUndefined();
    }
    for (const a of ["169.254.169.254", "fe80::1", "0.0.0.0", "224.0.0.1", "::ffff:169.254.169.254"]) {
      expect(refusedAddress(a, ON), a).toMatch(/is a/);
    }
  });

  it("names text that is no address", () => {
    expect(addressRange("example.com")).toBeUndefined();
    expect(refusedAddress("example.com", OFF)).toMatch(/not an IP address/);
  });
});

describe("checkOutboundUrl", () => {
  it("accepts a public https URL", async () => {
    const url = await checkOutboundUrl("https://bot.example.com/hook", OFF, resolvesTo("93.184.216.34"));
    expect(url.hostname).toBe("bot.example.com");
    expect((await checkOutboundUrl("https://93.184.216.34:8443/x", OFF)).port).toBe("8443");
  });

  it("refuses http, other schemes, credentials and what is no URL", async () => {
    expect(
      await refusal(checkOutboundUrl("http://bot.example.com/", OFF, resolvesTo("93.184.216.34"))),
    ).toMatch(/not https/);
    expect(await refusal(checkOutboundUrl("ftp://bot.example.com/", ON))).toMatch(/not https/);
    expect(await refusal(checkOutboundUrl("file:///etc/passwd", ON))).toMatch(/not https/);
    expect(await refusal(checkOutboundUrl("https://user:pw@93.184.216.34/", OFF))).toMatch(/credentials/);
    expect(await refusal(checkOutboundUrl("https://user@93.184.216.34/", OFF))).toMatch(/credentials/);
    expect(await refusal(checkOutboundUrl("not a url", OFF))).toMatch(/not a URL/);
  });

  it.each([
    "https://127.0.0.1/",
    "https://localhost/",
    "https://2130706433/",
    "https://0x7f.1/",
    "https://0177.0.0.1/",
    "https://0x7f000001/",
    "https://127.1/",
    "https://[::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:7f00:1]/",
    "https://169.254.169.254/latest/meta-data/",
    "https://[::ffff:169.254.169.254]/",
    "https://10.0.0.1/",
    "https://192.168.0.10/",
    "https://172.16.5.4/",
    "https://100.64.1.1/",
    "https://0.0.0.0/",
    "https://[fd00::1]/",
    "https://[fe80::1]/",
    "https://224.0.0.1/",
  ])("refuses %s", async (raw) => {
    // names resolve to loopback here as the system resolver would answer "localhost"
    expect(await refusal(checkOutboundUrl(raw, OFF, resolvesTo("127.0.0.1", "::1")))).toMatch(/is a/);
  });

  it("refuses a name when any of its addresses is not public, and one that does not resolve", async () => {
    expect(
      await refusal(
        checkOutboundUrl("https://mixed.example.com/", OFF, resolvesTo("93.184.216.34", "10.0.0.7")),
      ),
    ).toMatch(/10\.0\.0\.7 is a private address/);
    expect(
      await refusal(checkOutboundUrl("https://meta.example.com/", OFF, resolvesTo("169.254.169.254"))),
    ).toMatch(/linkLocal/);
    const nowhere = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await refusal(checkOutboundUrl("https://nowhere.invalid/", OFF, nowhere))).toMatch(
      /does not resolve/,
    );
  });

  it("with the private allowance: http and loopback, still not the metadata address", async () => {
    expect((await checkOutboundUrl("http://127.0.0.1:8080/hook", ON)).port).toBe("8080");
    expect((await checkOutboundUrl("http://localhost/", ON, resolvesTo("127.0.0.1"))).hostname).toBe(
      "localhost",
    );
    expect(await refusal(checkOutboundUrl("http://169.254.169.254/", ON))).toMatch(/linkLocal/);
  });
});

describe("outboundRequest", () => {
  let server: Server;
  let base: string;
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? "");
      if (req.url === "/redirect")
        return res.writeHead(302, { location: "http://127.0.0.1/elsewhere" }).end();
      if (req.url === "/big") return res.writeHead(200).end(Buffer.alloc(64 * 1024, 97));
      if (req.url === "/slow") return; // never answers
      let raw = "";
      req.on("data", (c) => {
        raw += c;
      });
      req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(`{"echo":${raw}}`));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("never connects to a loopback server without the allowance", async () => {
    const before = hits.length;
    await refusal(outboundRequest(`${base}/hook`, { policy: OFF, body: "{}" }));
    // A name that resolved to a public address when checked and to loopback when connecting (DNS rebinding):
    // the connection's own lookup refuses it.
    const port = new URL(base).port;
    const reason = await refusal(
      outboundRequest(`https://localhost:${port}/hook`, {
        policy: OFF,
        body: "{}",
        resolve: resolvesTo("93.184.216.34"),
      }),
    );
    expect(reason).toMatch(/localhost: .* is a loopback address/);
    expect(hits.length).toBe(before);
  });

  it("posts with the allowance, through the checking lookup for names", async () => {
    const a = await outboundRequest(`${base}/hook`, { policy: ON, body: '{"n":1}' });
    expect(a).toMatchObject({ status: 200, text: '{"echo":{"n":1}}' });
    const port = new URL(base).port;
    const b = await outboundRequest(`http://localhost:${port}/hook`, { policy: ON, body: '{"n":2}' });
    expect(b.text).toBe('{"echo":{"n":2}}');
  });

  it("does not follow redirects, caps the answer and gives up after the deadline", async () => {
    const r = await outboundRequest(`${base}/redirect`, { policy: ON, body: "{}" });
    expect(r.status).toBe(302);
    expect(hits).not.toContain("/elsewhere");
    await expect(outboundRequest(`${base}/big`, { policy: ON, maxBytes: 1024 })).rejects.toThrow(
      /larger than 1024/,
    );
    await expect(outboundRequest(`${base}/slow`, { policy: ON, timeoutMs: 200 })).rejects.toThrow(
      /no answer within/,
    );
  });
});
