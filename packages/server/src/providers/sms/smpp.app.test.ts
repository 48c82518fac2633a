import type { AddressInfo } from "node:net";
import smpp, { type Pdu } from "smpp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { sharedDatabase, testConfig } from "../../test/harness";

describe("SMS_PROVIDER=smpp", () => {
  const submits: Pdu[] = [];
  const server = smpp.createServer((session) => {
    session.on("error", () => {});
    session.on("bind_transceiver", (pdu: Pdu) => session.send(pdu.response()));
    session.on("submit_sm", (pdu: Pdu) => {
      submits.push(pdu);
      session.send(pdu.response({ message_id: `A${submits.length}` }));
    });
    session.on("unbind", (pdu: Pdu) => session.send(pdu.response()));
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of server.sessions) s.socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("builds the app with the SMPP driver, which sends through SMPP_URL", async () => {
    // No job workers: on the shared database they would take other files' queued SMS (sandbox.test.ts queues
    // one) and send them through this gateway, and that file would wait for it in vain.
    const { database, dataDir } = await sharedDatabase();
    const app = await buildApp({
      config: {
        ...testConfig({ SMS_PROVIDER: "smpp", SMPP_URL: `smpp://herald:secret@127.0.0.1:${port}` }, dataDir),
        runWorkers: false,
      },
      database,
    });
    await app.ready();
    expect(app.deps.sms.name).toBe("smpp");
    const r = await app.deps.sms.send({ to: "6591234567", text: "Your code is 123456" });
    expect(r).toEqual({ providerMessageId: "A1", partIds: ["A1"], segments: 1 });
    expect(submits[0]).toMatchObject({ destination_addr: "6591234567", source_addr: "Herald" });
    await app.close();
  });
});
