import type { AddressInfo } from "node:net";
import { SMS_CASES, splitSms } from "@herald/domain";
import smpp, { type Pdu, type Server, type Session } from "smpp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type SmsProviderEvent, SmsRejected, SmsThrottled } from "./index";
import {
  parseReceiptText,
  parseSmppUrl,
  type SmppProviderOptions,
  type SmppSmsProvider,
  smppSmsProvider,
} from "./smpp";

/** A scriptable SMSC on loopback built with the same package. */
interface Smsc {
  port: number;
  server: Server;
  sessions: Session[];
  binds: Pdu[];
  submits: Pdu[];
  /** Texts of the submits answered with status 0, with the id given. */
  accepted: { id: string; pdu: Pdu }[];
  enquireLinks: number;
  unbinds: number;
  /** Decides the answer to each submit_sm: a status, "ok" (default) or "drop" (close the connection unanswered). */
  onSubmit: (pdu: Pdu, index: number) => number | "ok" | "drop";
  close(): Promise<void>;
}

async function startSmsc(password = "secret"): Promise<Smsc> {
  let nextId = 0;
  const smsc: Smsc = {
    port: 0,
    server: undefined as unknown as Server,
    sessions: [],
    binds: [],
    submits: [],
    accepted: [],
    enquireLinks: 0,
    unbinds: 0,
    onSubmit: () => "ok",
    close: async () => {},
  };
  smsc.server = smpp.createServer((session) => {
    smsc.sessions.push(session);
    session.on("error", () => {});
    session.on("bind_transceiver", (pdu: Pdu) => {
      smsc.binds.push(pdu);
      if (pdu.password !== password) {
        session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
        return;
      }
      session.send(pdu.response({ system_id: "TESTSMSC" }));
    });
    session.on("submit_sm", (pdu: Pdu) => {
      const index = smsc.submits.length;
      smsc.submits.push(pdu);
      const answer = smsc.onSubmit(pdu, index);
      if (answer === "drop") {
        session.socket.destroy();
        return;
      }
      if (answer === "ok") {
        const id = `M${++nextId}`;
        smsc.accepted.push({ id, pdu });
        session.send(pdu.response({ message_id: id }));
        return;
      }
      session.send(pdu.response({ command_status: answer }));
    });
    session.on("enquire_link", (pdu: Pdu) => {
      smsc.enquireLinks += 1;
      session.send(pdu.response());
    });
    session.on("unbind", (pdu: Pdu) => {
      smsc.unbinds += 1;
      session.send(pdu.response());
      session.close();
    });
  });
  await new Promise<void>((resolve) => smsc.server.listen(0, "127.0.0.1", resolve));
  smsc.port = (smsc.server.address() as AddressInfo).port;
  smsc.close = () =>
    new Promise<void>((resolve) => {
      for (const s of smsc.sessions) s.socket.destroy();
      smsc.server.close(() => resolve());
    });
  return smsc;
}

const toClose: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const c of toClose.splice(0).reverse()) await c.close();
});

async function setup(
  opts: { password?: string; window?: number; provider?: Partial<SmppProviderOptions> } = {},
): Promise<{ smsc: Smsc; sms: SmppSmsProvider }> {
  const smsc = await startSmsc();
  toClose.push(smsc);
  const sms = smppSmsProvider({
    url: `smpp://herald:${opts.password ?? "secret"}@127.0.0.1:${smsc.port}?system_type=OTP&window=${opts.window ?? 10}`,
    defaultSender: "Herald",
    reconnectInitialMs: 20,
    reconnectMaxMs: 200,
    throttleBackoffMs: 10,
    sendWaitMs: 5_000,
    ...opts.provider,
  });
  toClose.push(sms);
  return { smsc, sms };
}

/** The concatenation IE of a received submit_sm ([ref, total, seq]) or undefined. */
function concat(pdu: Pdu): number[] | undefined {
  const ie = (pdu.short_message.udh as Buffer[] | undefined)?.find((b) => b[0] === 0x00 && b[1] === 0x03);
  return ie ? [...ie.subarray(2, 5)] : undefined;
}

describe("parseSmppUrl", () => {
  it("reads system_id, password, host, port, system_type and window", () => {
    expect(parseSmppUrl("smpp://her%40ld:p%3Ass@smsc.example.com:2776?system_type=OTP&window=4")).toEqual({
      host: "smsc.example.com",
      port: 2776,
      systemId: "her@ld",
      password: "p:ss",
      systemType: "OTP",
      window: 4,
    });
    expect(parseSmppUrl("smpp://u:p@smsc")).toMatchObject({ port: 2775, window: 10, systemType: "" });
    expect(() => parseSmppUrl("https://u:p@smsc")).toThrow(/smpp:\/\//);
    expect(() => parseSmppUrl("smpp://u:p@smsc?window=x")).toThrow(/window/);
  });
});

describe("parseReceiptText", () => {
  it("reads id, stat, err and the done date", () => {
    expect(
      parseReceiptText(
        "id:7f3a sub:001 dlvrd:001 submit date:2611240101 done date:2611240102 stat:DELIVRD err:000 text:Hello",
      ),
    ).toEqual({ id: "7f3a", stat: "DELIVRD", err: "000", doneDate: new Date("2026-11-24T01:02:00Z") });
  });
});

describe("SMPP driver against a loopback SMSC", () => {
  it("binds as a transceiver with the URL's credentials and system_type", async () => {
    const { smsc, sms } = await setup();
    await sms.ready();
    expect(smsc.binds).toHaveLength(1);
    expect(smsc.binds[0]).toMatchObject({
      command: "bind_transceiver",
      system_id: "herald",
      password: "secret",
      system_type: "OTP",
      interface_version: 0x34,
    });
  });

  it("reports a refused bind (bad password) and fails sends at once", async () => {
    const { smsc, sms } = await setup({ password: "wrong" });
    await expect(sms.ready()).rejects.toThrow(/refused bind_transceiver.*0x0d/);
    const send = sms.send({ to: "6591234567", text: "hello" });
    await expect(send).rejects.toThrow(/refused bind_transceiver/);
    await expect(send).rejects.not.toBeInstanceOf(SmsRejected);
    expect(smsc.submits).toHaveLength(0);
  });

  it("sends a 3-part UCS-2 message with the concatenation UDH, esm_class 0x40 and data_coding 8", async () => {
    const { smsc, sms } = await setup();
    const text = `${"Привет мир 你好 ".repeat(10)}😀 end`;
    const parts = splitSms(text);
    expect(parts).toHaveLength(3);
    const r = await sms.send({ to: "+6591234567", text, senderId: "ACME" });
    expect(r).toEqual({ providerMessageId: "M1", partIds: ["M1", "M2", "M3"], segments: 3 });
    expect(smsc.submits).toHaveLength(3);
    const ref = concat(smsc.submits[0] as Pdu)?.[0];
    smsc.submits.forEach((pdu, i) => {
      expect(pdu).toMatchObject({
        destination_addr: "6591234567",
        dest_addr_ton: 1,
        dest_addr_npi: 1,
        source_addr: "ACME",
        source_addr_ton: 5,
        esm_class: 0x40,
        data_coding: 8,
        registered_delivery: 1,
      });
      expect(concat(pdu)).toEqual([ref, 3, i + 1]);
      expect(pdu.short_message.message).toBe(parts[i]);
    });
  });

  it("keeps an extension character whole at the GSM part boundary (data_coding 0, escaped septets)", async () => {
    const { smsc, sms } = await setup();
    const text = `${"a".repeat(152)}€${"b".repeat(10)}`;
    const r = await sms.send({ to: "6591234567", text, senderId: "6580000000" });
    expect(r.segments).toBe(2);
    expect(smsc.submits.map((p) => p.data_coding)).toEqual([0, 0]);
    expect(smsc.submits.map((p) => p.short_message.message)).toEqual(["a".repeat(152), `€${"b".repeat(10)}`]);
    expect(smsc.submits.map((p) => concat(p)?.slice(1))).toEqual([
      [2, 1],
      [2, 2],
    ]);
    expect(smsc.submits[0]).toMatchObject({
      source_addr: "6580000000",
      source_addr_ton: 1,
      source_addr_npi: 1,
    });
  });

  it("sends every shared reference case as the domain splits it", async () => {
    const { smsc, sms } = await setup();
    for (const c of SMS_CASES.filter((x) => x.segments > 0)) {
      const before = smsc.submits.length;
      const r = await sms.send({ to: "6591234567", text: c.text });
      expect(r.segments, c.name).toBe(c.segments);
      const got = smsc.submits.slice(before);
      expect(
        got.map((p) => p.short_message.message),
        c.name,
      ).toEqual(c.parts);
      for (const [i, pdu] of got.entries()) {
        expect(pdu.data_coding, c.name).toBe(c.encoding === "gsm7" ? 0 : 8);
        expect(pdu.esm_class, c.name).toBe(c.segments > 1 ? 0x40 : 0);
        if (c.segments > 1) expect(concat(pdu)?.slice(1), c.name).toEqual([c.segments, i + 1]);
        else expect(concat(pdu), c.name).toBeUndefined();
      }
    }
  });

  it("turns ESME_RTHROTTLED into SmsThrottled with a backoff hint, then succeeds on retry", async () => {
    const { smsc, sms } = await setup();
    smsc.onSubmit = (_pdu, i) => (i === 0 ? smpp.ESME_RTHROTTLED : "ok");
    const first = await sms.send({ to: "6591234567", text: "hello" }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(SmsThrottled);
    expect((first as SmsThrottled).retryAfterMs).toBeGreaterThan(0);
    const again = await sms.send({ to: "6591234567", text: "hello" });
    expect(again.providerMessageId).toBe("M1");
    expect(smsc.accepted).toHaveLength(1);
  });

  it("turns ESME_RMSGQFUL into SmsThrottled too", async () => {
    const { smsc, sms } = await setup();
    smsc.onSubmit = (_pdu, i) => (i === 0 ? smpp.ESME_RMSGQFUL : "ok");
    await expect(sms.send({ to: "6591234567", text: "hello" })).rejects.toBeInstanceOf(SmsThrottled);
  });

  it("retries only the throttled later part, never resending an accepted one", async () => {
    const { smsc, sms } = await setup();
    smsc.onSubmit = (_pdu, i) => (i === 1 ? smpp.ESME_RTHROTTLED : "ok");
    const r = await sms.send({ to: "6591234567", text: "x".repeat(200) });
    expect(r.partIds).toEqual(["M1", "M2"]);
    expect(smsc.submits.map((p) => concat(p)?.[2])).toEqual([1, 2, 2]);
    expect(smsc.accepted.map((a) => concat(a.pdu)?.[2])).toEqual([1, 2]);
  });

  it("retries only a later part that failed transiently", async () => {
    const { smsc, sms } = await setup();
    smsc.onSubmit = (_pdu, i) => (i === 1 ? smpp.ESME_RSYSERR : "ok");
    const r = await sms.send({ to: "6591234567", text: "y".repeat(200) });
    expect(r.partIds).toEqual(["M1", "M2"]);
    expect(smsc.submits.map((p) => concat(p)?.[2])).toEqual([1, 2, 2]);
  });

  it("fails a first part's transient status with a plain error (retry the message)", async () => {
    const { smsc, sms } = await setup();
    smsc.onSubmit = () => smpp.ESME_RSYSERR;
    const err = await sms.send({ to: "6591234567", text: "hello" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(SmsRejected);
    expect(err).not.toBeInstanceOf(SmsThrottled);
  });

  it("resubmits only the unacknowledged part of a concatenated message after a drop", async () => {
    const { smsc, sms } = await setup();
    let dropped = false;
    smsc.onSubmit = (_pdu, i) => {
      if (i === 1 && !dropped) {
        dropped = true;
        return "drop";
      }
      return "ok";
    };
    const r = await sms.send({ to: "6591234567", text: "z".repeat(320) });
    expect(r.segments).toBe(3);
    expect(smsc.binds).toHaveLength(2);
    expect(smsc.accepted.map((a) => concat(a.pdu)?.[2])).toEqual([1, 2, 3]);
    expect(new Set(smsc.accepted.map((a) => concat(a.pdu)?.[0])).size).toBe(1);
  });

  it("rejects for good on a permanent error status", async () => {
    const { smsc, sms } = await setup();
    smsc.onSubmit = () => smpp.ESME_RINVDSTADR;
    const err = await sms.send({ to: "6591234567", text: "hello" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsRejected);
    expect((err as SmsRejected).code).toBe("0x0b");
  });

  it("keeps at most `window` submits unacknowledged", async () => {
    const { smsc, sms } = await setup({ window: 2 });
    await sms.ready();
    const held: (() => void)[] = [];
    let maxOpen = 0;
    let open = 0;
    const session = smsc.sessions[0] as Session;
    session.removeAllListeners("submit_sm");
    session.on("submit_sm", (pdu: Pdu) => {
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      held.push(() => {
        open -= 1;
        session.send(pdu.response({ message_id: `W${pdu.sequence_number}` }));
      });
    });
    const sends = Array.from({ length: 5 }, (_, i) => sms.send({ to: "6591234567", text: `m${i}` }));
    for (let done = 0; done < 5; done++) {
      await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
      (held.shift() as () => void)();
    }
    const results = await Promise.all(sends);
    expect(new Set(results.map((r) => r.providerMessageId)).size).toBe(5);
    expect(maxOpen).toBe(2);
  });

  it("does not time out sends that only wait for the window while bound", async () => {
    const { smsc, sms } = await setup({ window: 1, provider: { sendWaitMs: 30 } });
    await sms.ready();
    const session = smsc.sessions[0] as Session;
    session.removeAllListeners("submit_sm");
    session.on("submit_sm", (pdu: Pdu) => {
      setTimeout(() => session.send(pdu.response({ message_id: `S${pdu.sequence_number}` })), 60);
    });
    const results = await Promise.all(["a", "b", "c"].map((text) => sms.send({ to: "6591234567", text })));
    expect(results.map((r) => r.providerMessageId)).toHaveLength(3);
  });

  it("reconnects when the connection drops mid-window: nothing lost, nothing acknowledged sent twice", async () => {
    const { smsc, sms } = await setup({ window: 3 });
    let dropped = false;
    smsc.onSubmit = (_pdu, i) => {
      if (i === 2 && !dropped) {
        dropped = true;
        return "drop";
      }
      return "ok";
    };
    const texts = Array.from({ length: 6 }, (_, i) => `message ${i}`);
    const results = await Promise.all(texts.map((text) => sms.send({ to: "6591234567", text })));
    expect(smsc.binds).toHaveLength(2);
    expect(new Set(results.map((r) => r.providerMessageId)).size).toBe(6);
    const acceptedTexts = smsc.accepted.map((a) => a.pdu.short_message.message as string);
    expect(acceptedTexts.sort()).toEqual([...texts].sort());
    // Each send got the id the SMSC gave for its own text.
    for (const [i, r] of results.entries()) {
      expect(smsc.accepted.find((a) => a.id === r.providerMessageId)?.pdu.short_message.message).toBe(
        texts[i],
      );
    }
  });

  it("fails a send transiently when no bind comes back in time", async () => {
    const { smsc, sms } = await setup({ provider: { sendWaitMs: 150 } });
    await sms.ready();
    await smsc.close();
    const err = await sms.send({ to: "6591234567", text: "hello" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(SmsRejected);
    expect(err).not.toBeInstanceOf(SmsThrottled);
    expect((err as Error).message).toMatch(/not bound/);
  });

  it("sends enquire_link while bound", async () => {
    const { smsc, sms } = await setup({ provider: { enquireLinkMs: 20 } });
    await sms.ready();
    await vi.waitFor(() => expect(smsc.enquireLinks).toBeGreaterThan(0));
  });

  it("emits delivery receipts from deliver_sm and answers each with deliver_sm_resp", async () => {
    const { smsc, sms } = await setup();
    const events: SmsProviderEvent[] = [];
    sms.onEvent?.(async (e) => {
      events.push(e);
    });
    await sms.ready();
    const r = await sms.send({ to: "6591234567", text: "hello" });
    const session = smsc.sessions[0] as Session;
    const statuses: number[] = [];
    session.deliver_sm(
      {
        source_addr: "6591234567",
        destination_addr: "Herald",
        esm_class: 0x04,
        short_message: `id:${r.providerMessageId} sub:001 dlvrd:001 submit date:2611240101 done date:2611240102 stat:DELIVRD err:000 text:hello`,
        receipted_message_id: r.providerMessageId,
        message_state: 2,
      },
      (resp) => statuses.push(resp.command_status),
    );
    session.deliver_sm(
      {
        source_addr: "6591234567",
        destination_addr: "Herald",
        esm_class: 0x04,
        short_message:
          "id:M77 sub:001 dlvrd:000 submit date:2611240101 done date:2611240105 stat:UNDELIV err:034 text:",
      },
      (resp) => statuses.push(resp.command_status),
    );
    await vi.waitFor(() => expect(statuses).toHaveLength(2));
    expect(statuses).toEqual([0, 0]);
    expect(events).toEqual([
      {
        kind: "delivery",
        eventId: "smpp:M1:DELIVRD",
        providerMessageId: "M1",
        status: "delivered",
        errorCode: null,
        doneAt: new Date("2026-11-24T01:02:00Z"),
      },
      {
        kind: "delivery",
        eventId: "smpp:M77:UNDELIV",
        providerMessageId: "M77",
        status: "failed",
        errorCode: "034",
        doneAt: new Date("2026-11-24T01:05:00Z"),
      },
    ]);
  });

  it("answers ESME_RX_T_APPN when the event handler fails, so the SMSC delivers again", async () => {
    const { smsc, sms } = await setup();
    sms.onEvent?.(async () => {
      throw new Error("database down");
    });
    await sms.ready();
    const statuses: number[] = [];
    (smsc.sessions[0] as Session).deliver_sm(
      {
        source_addr: "6591234567",
        destination_addr: "Herald",
        esm_class: 0x04,
        short_message: "id:M1 stat:DELIVRD err:000",
      },
      (resp) => statuses.push(resp.command_status),
    );
    await vi.waitFor(() => expect(statuses).toEqual([0x64]));
  });

  it("emits mobile-originated messages as inbound, decoded by data_coding and reassembled", async () => {
    const { smsc, sms } = await setup();
    const events: SmsProviderEvent[] = [];
    sms.onEvent?.(async (e) => {
      events.push(e);
    });
    await sms.ready();
    const session = smsc.sessions[0] as Session;
    const statuses: number[] = [];
    const push = (resp: Pdu) => statuses.push(resp.command_status);
    session.deliver_sm(
      {
        source_addr: "6591234567",
        destination_addr: "6580000000",
        esm_class: 0,
        data_coding: 8,
        short_message: "Привет 😀",
      },
      push,
    );
    session.deliver_sm(
      {
        source_addr: "6591112222",
        destination_addr: "6580000000",
        esm_class: 0,
        data_coding: 0,
        short_message: { udh: Buffer.from([0x05, 0x00, 0x03, 0x07, 0x02, 0x01]), message: "Price: 5€ " },
      },
      push,
    );
    session.deliver_sm(
      {
        source_addr: "6591112222",
        destination_addr: "6580000000",
        esm_class: 0,
        data_coding: 0,
        short_message: { udh: Buffer.from([0x05, 0x00, 0x03, 0x07, 0x02, 0x02]), message: "{ok}" },
      },
      push,
    );
    await vi.waitFor(() => expect(statuses).toHaveLength(3));
    expect(statuses).toEqual([0, 0, 0]);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      kind: "inbound",
      from: "6591234567",
      to: "6580000000",
      text: "Привет 😀",
    });
    expect(events[1]).toMatchObject({
      kind: "inbound",
      from: "6591112222",
      to: "6580000000",
      text: "Price: 5€ {ok}",
    });
    expect((events[0] as { receivedAt: Date }).receivedAt).toBeInstanceOf(Date);
    expect(events[0]?.eventId).not.toBe(events[1]?.eventId);
  });

  it("completes a concatenated MO message again when the handler failed on its last part", async () => {
    const { smsc, sms } = await setup();
    const texts: string[] = [];
    let fail = true;
    sms.onEvent?.(async (e) => {
      if (e.kind !== "inbound") return;
      if (fail) {
        fail = false;
        throw new Error("database down");
      }
      texts.push(e.text);
    });
    await sms.ready();
    const session = smsc.sessions[0] as Session;
    const statuses: number[] = [];
    const part = (seq: number, message: string) =>
      session.deliver_sm(
        {
          source_addr: "6591112222",
          destination_addr: "6580000000",
          esm_class: 0,
          data_coding: 8,
          short_message: { udh: Buffer.from([0x05, 0x00, 0x03, 0x09, 0x02, seq]), message },
        },
        (resp: Pdu) => statuses.push(resp.command_status),
      );
    part(1, "你好，");
    part(2, "世界");
    await vi.waitFor(() => expect(statuses).toEqual([0, 0x64]));
    part(2, "世界");
    await vi.waitFor(() => expect(statuses).toEqual([0, 0x64, 0]));
    expect(texts).toEqual(["你好，世界"]);
  });

  it("unbinds on close", async () => {
    const { smsc, sms } = await setup();
    await sms.ready();
    await sms.close();
    await vi.waitFor(() => expect(smsc.unbinds).toBe(1));
    await expect(sms.send({ to: "6591234567", text: "late" })).rejects.toThrow(/closed/);
  });
});
