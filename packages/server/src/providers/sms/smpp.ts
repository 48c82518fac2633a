import { createHash } from "node:crypto";
import { encodeSms } from "@herald/domain";
import smpp, { type Pdu, type Session } from "smpp";
import {
  SmsGatewayUnavailable,
  type SmsMessage,
  type SmsProvider,
  type SmsProviderEvent,
  SmsRejected,
  type SmsSubmitted,
  SmsThrottled,
} from "./index";
import { parseSmppUrl } from "./smpp-url";

export { parseSmppUrl, type SmppSettings } from "./smpp-url";

/**
 * SMPP 3.4 client (ESME) driver: one bind_transceiver session to the SMSC, kept alive with enquire_link and
 * rebound with exponential backoff when it drops.
 *
 * - Messages are split with the shared domain rule (`encodeSms`): GSM-7 as data_coding 0 (unpacked septets,
 *   extension characters escaped), anything else UCS-2 as data_coding 8; concatenated parts carry the UDH
 *   05 00 03 <ref> <total> <seq> with esm_class 0x40. Parts of one message are submitted in order, each after
 *   the previous one is acknowledged; different messages share a window of at most `window` unacknowledged
 *   submit_sm.
 * - submit_sm_resp ESME_RTHROTTLED (0x58) / ESME_RMSGQFUL (0x14) on the first part → SmsThrottled with a
 *   growing backoff hint (nothing was accepted, nothing is charged); other transient statuses (system error,
 *   submit failed, temporary application error) → a plain Error; every other status → SmsRejected with the
 *   status as code. Once a part is accepted, a throttled or transient failure of a later part retries that
 *   part alone (at most 8 times, with backoff), so accepted parts are never sent twice; if it still fails, the
 *   error names the accepted part ids.
 * - A part submitted but not acknowledged when the connection drops is submitted again after the rebind
 *   (the SMSC never acknowledged it: SMPP 3.4 cannot tell whether it was taken); acknowledged parts are never
 *   resubmitted. While not bound a send waits for the rebind up to `sendWaitMs`, then fails with a transient
 *   error; while bound, sends beyond the window simply queue.
 * - deliver_sm: a delivery receipt (esm_class message type 0x04 or intermediate 0x20) becomes a `delivery`
 *   event (receipted_message_id / message_state TLVs, else the `id:… stat:… err:…` text); anything else is a
 *   mobile-originated message, decoded by data_coding and reassembled from its concatenation UDH, emitted as
 *   `inbound`. deliver_sm_resp is always sent: status 0 once the handler has finished, ESME_RX_T_APPN (0x64)
 *   when it threw, so the SMSC delivers it again later.
 * - The session is opened lazily, on the first send, `onEvent` or `ready()`.
 */

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SmppProviderOptions {
  /** `SMPP_URL`. */
  url: string;
  defaultSender: string;
  /** enquire_link period while bound (default 30 s). */
  enquireLinkMs?: number;
  /** How long a request may wait for its response before the session is dropped (default 30 s). */
  responseTimeoutMs?: number;
  /** How long a send waits for a (re)bind before failing transiently (default 15 s). */
  sendWaitMs?: number;
  /** Reconnect backoff: first delay and cap (defaults 1 s and 60 s), doubling in between. */
  reconnectInitialMs?: number;
  reconnectMaxMs?: number;
  /** First throttling backoff hint (default 1 s), doubling on consecutive throttles up to 60 s. */
  throttleBackoffMs?: number;
  log?: Logger;
}

export interface SmppSmsProvider extends SmsProvider {
  readonly name: "smpp";
  /** Opens the session if needed; resolves once bound, rejects when the SMSC refuses the bind. */
  ready(): Promise<void>;
}

const STATUS = {
  OK: 0x00,
  MSGQFUL: 0x14,
  THROTTLED: 0x58,
  SYSERR: 0x08,
  SUBMITFAIL: 0x45,
  X_T_APPN: 0x64,
  UNKNOWNERR: 0xff,
} as const;
/** Retries of one later part of a concatenated message (earlier parts already accepted). */
const MAX_PART_RETRIES = 8;
const TRANSIENT = new Set<number>([STATUS.SYSERR, STATUS.SUBMITFAIL, STATUS.X_T_APPN, STATUS.UNKNOWNERR]);

/** Error for a submit the SMSC answered with a non-zero status. */
class SubmitStatus extends Error {
  constructor(readonly status: number) {
    super(`SMSC answered submit_sm with status 0x${status.toString(16).padStart(2, "0")}`);
  }
}

const hex = (n: number) => `0x${n.toString(16).padStart(2, "0")}`;

interface Job {
  params: Record<string, unknown>;
  resolve(messageId: string): void;
  reject(err: Error): void;
  waitTimer?: NodeJS.Timeout;
  responseTimer?: NodeJS.Timeout;
  /** Sent to the SMSC at least once (it may have taken it even without answering). */
  written?: boolean;
}

interface Waiter {
  resolve(): void;
  reject(err: Error): void;
}

const RECEIPT_STATUS: Record<string, Extract<SmsProviderEvent, { kind: "delivery" }>["status"]> = {
  DELIVRD: "delivered",
  EXPIRED: "expired",
  DELETED: "failed",
  UNDELIV: "failed",
  ACCEPTD: "accepted",
  ENROUTE: "accepted",
  UNKNOWN: "unknown",
  REJECTD: "rejected",
};
const STATE_NAME: Record<number, string> = {
  1: "ENROUTE",
  2: "DELIVRD",
  3: "EXPIRED",
  4: "DELETED",
  5: "UNDELIV",
  6: "ACCEPTD",
  7: "UNKNOWN",
  8: "REJECTD",
};

/** Fields of a receipt's text: `id:123 sub:001 dlvrd:001 submit date:2611240101 done date:… stat:DELIVRD err:000 text:…`. */
export function parseReceiptText(text: string): {
  id?: string;
  stat?: string;
  err?: string;
  doneDate?: Date;
} {
  const field = (name: string) => new RegExp(`(?:^|\\s)${name}:(\\S*)`, "i").exec(text)?.[1];
  const done = field("done date");
  let doneDate: Date | undefined;
  if (done && /^\d{10}(\d{2})?$/.test(done)) {
    const [yy, mo, dd, hh, mi, ss] = [0, 2, 4, 6, 8, 10].map((i) => Number(done.slice(i, i + 2) || "0"));
    doneDate = new Date(Date.UTC(2000 + (yy ?? 0), (mo ?? 1) - 1, dd, hh, mi, ss));
  }
  return { id: field("id"), stat: field("stat")?.toUpperCase(), err: field("err"), doneDate };
}

function messageText(value: unknown): { text: string; udh: Buffer[] } {
  if (Buffer.isBuffer(value)) return { text: value.toString("latin1"), udh: [] };
  if (typeof value === "string") return { text: value, udh: [] };
  if (value && typeof value === "object") {
    const v = value as { message?: unknown; udh?: Buffer[] };
    const inner = messageText(v.message);
    return { text: inner.text, udh: v.udh ?? [] };
  }
  return { text: "", udh: [] };
}

export function smppSmsProvider(options: SmppProviderOptions): SmppSmsProvider {
  const settings = parseSmppUrl(options.url);
  const enquireLinkMs = options.enquireLinkMs ?? 30_000;
  const responseTimeoutMs = options.responseTimeoutMs ?? 30_000;
  const sendWaitMs = options.sendWaitMs ?? 15_000;
  const reconnectInitialMs = options.reconnectInitialMs ?? 1_000;
  const reconnectMaxMs = options.reconnectMaxMs ?? 60_000;
  const throttleBackoffMs = options.throttleBackoffMs ?? 1_000;
  const log = options.log;

  let session: Session | undefined;
  let bound = false;
  let started = false;
  let closed = false;
  let attempts = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let enquireTimer: NodeJS.Timeout | undefined;
  let throttles = 0;
  /** The last session ended or was refused and no new one is bound yet: sends would wait. */
  let failing = false;
  let reference = Math.floor(Math.random() * 256);
  const queue: Job[] = [];
  const inFlight = new Map<number, Job>();
  let waiters: Waiter[] = [];
  let handler: ((event: SmsProviderEvent) => Promise<void>) | undefined;
  /** Concatenated mobile-originated parts waiting for the rest: key → parts by sequence. */
  const moParts = new Map<string, { total: number; parts: Map<number, string>; first: number }>();

  function start() {
    if (started || closed) return;
    started = true;
    connect();
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    const delay = Math.min(reconnectMaxMs, reconnectInitialMs * 2 ** Math.min(attempts, 20));
    attempts += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delay);
    reconnectTimer.unref();
  }

  function dropped(s: Session, reason: string) {
    if (s !== session) return;
    session = undefined;
    failing = true;
    const wasBound = bound;
    bound = false;
    if (enquireTimer) clearInterval(enquireTimer);
    enquireTimer = undefined;
    // Unacknowledged submits go back to the front of the queue, in their order, for the next bind.
    const pending = [...inFlight.values()];
    inFlight.clear();
    for (const job of pending) clearTimeout(job.responseTimer);
    queue.unshift(...pending);
    // While not bound every waiting submit is on the clock (sendWaitMs).
    for (const job of queue) armWait(job);
    s.removeAllListeners("close");
    s.destroy();
    if (wasBound) log?.warn({ reason, resubmit: pending.length }, "SMPP session lost; reconnecting");
    scheduleReconnect();
  }

  function connect() {
    if (closed) return;
    const s = smpp.connect({ host: settings.host, port: settings.port });
    session = s;
    s.on("error", (err: Error) => dropped(s, err.message));
    s.on("close", () => dropped(s, "connection closed"));
    const connectTimer = setTimeout(() => dropped(s, "connect timed out"), responseTimeoutMs);
    connectTimer.unref();
    s.on("close", () => clearTimeout(connectTimer));
    s.on("connect", () => {
      clearTimeout(connectTimer);
      const bindTimer = setTimeout(() => dropped(s, "bind_transceiver timed out"), responseTimeoutMs);
      bindTimer.unref();
      s.bind_transceiver(
        {
          system_id: settings.systemId,
          password: settings.password,
          system_type: settings.systemType,
          interface_version: 0x34,
        },
        (pdu) => {
          clearTimeout(bindTimer);
          if (s !== session) return;
          if (pdu.command_status !== STATUS.OK) {
            const err = new SmsGatewayUnavailable(
              `SMSC refused bind_transceiver for "${settings.systemId}" (status ${hex(pdu.command_status)})`,
            );
            log?.warn({ status: pdu.command_status }, err.message);
            const w = waiters;
            waiters = [];
            for (const waiter of w) waiter.reject(err);
            // A refused bind (bad password, unknown system_id) fails what waits at once instead of timing out.
            for (const job of queue.splice(0)) {
              clearTimeout(job.waitTimer);
              job.reject(err);
            }
            dropped(s, err.message);
            return;
          }
          bound = true;
          failing = false;
          attempts = 0;
          log?.info({ host: settings.host, systemId: settings.systemId }, "SMPP bound as transceiver");
          enquireTimer = setInterval(() => enquire(s), enquireLinkMs);
          enquireTimer.unref();
          const w = waiters;
          waiters = [];
          for (const waiter of w) waiter.resolve();
          // Bound: submits waiting only for the window are not timed out.
          for (const job of queue) clearTimeout(job.waitTimer);
          pump();
        },
      );
    });
    s.on("enquire_link", (pdu: Pdu) => {
      s.send(pdu.response());
    });
    s.on("unbind", (pdu: Pdu) => {
      s.send(pdu.response());
      dropped(s, "SMSC unbound");
    });
    s.on("deliver_sm", (pdu: Pdu) => {
      void onDeliver(s, pdu);
    });
    s.on("pdu", (pdu: Pdu) => {
      if (pdu.command === "unknown") s.send(pdu.response());
    });
  }

  function enquire(s: Session) {
    const timer = setTimeout(() => dropped(s, "enquire_link timed out"), responseTimeoutMs);
    timer.unref();
    const sent = s.enquire_link({}, () => clearTimeout(timer));
    if (!sent) {
      clearTimeout(timer);
      dropped(s, "socket not writable");
    }
  }

  function armWait(job: Job) {
    clearTimeout(job.waitTimer);
    job.waitTimer = setTimeout(() => {
      const i = queue.indexOf(job);
      if (i < 0) return;
      queue.splice(i, 1);
      // Never written to this gateway (a submit in flight at a drop was, and is resent here after the rebind).
      job.reject(
        job.written
          ? new Error(`SMPP gateway not bound after ${sendWaitMs} ms`)
          : new SmsGatewayUnavailable(`SMPP gateway not bound after ${sendWaitMs} ms`),
      );
    }, sendWaitMs);
    job.waitTimer.unref();
  }

  function pump() {
    while (bound && session && inFlight.size < settings.window && queue.length > 0) {
      const s = session;
      const job = queue.shift() as Job;
      clearTimeout(job.waitTimer);
      const pdu = new smpp.PDU("submit_sm", job.params);
      const sent = s.send(pdu, (resp) => {
        if (inFlight.get(pdu.sequence_number) !== job) return;
        inFlight.delete(pdu.sequence_number);
        clearTimeout(job.responseTimer);
        if (resp.command_status === STATUS.OK) job.resolve(String(resp.message_id ?? ""));
        else job.reject(new SubmitStatus(resp.command_status));
        pump();
      });
      if (!sent) {
        queue.unshift(job);
        dropped(s, "socket not writable");
        return;
      }
      inFlight.set(pdu.sequence_number, job);
      job.written = true;
      job.responseTimer = setTimeout(() => dropped(s, "submit_sm_resp timed out"), responseTimeoutMs);
      job.responseTimer.unref();
    }
  }

  function submit(params: Record<string, unknown>): Promise<string> {
    if (closed) return Promise.reject(new Error("SMPP provider is closed"));
    start();
    return new Promise<string>((resolve, reject) => {
      const job: Job = { params, resolve, reject };
      queue.push(job);
      if (!bound) armWait(job);
      pump();
    });
  }

  function throttleHint(): number {
    throttles += 1;
    return Math.min(60_000, throttleBackoffMs * 2 ** Math.min(throttles - 1, 16));
  }

  async function emit(event: SmsProviderEvent): Promise<boolean> {
    if (!handler) return true;
    try {
      await handler(event);
      return true;
    } catch (err) {
      log?.warn({ err, eventId: event.eventId }, "SMS event handler failed; the SMSC will deliver it again");
      return false;
    }
  }

  async function onDeliver(s: Session, pdu: Pdu) {
    let ok = true;
    try {
      const esm = Number(pdu.esm_class ?? 0);
      const type = esm & 0x3c;
      const { text, udh } = messageText(pdu.message_payload ?? pdu.short_message);
      if (type === 0x04 || type === 0x20) {
        const parsed = parseReceiptText(text);
        const id = String(pdu.receipted_message_id || parsed.id || "");
        const stat =
          (typeof pdu.message_state === "number" ? STATE_NAME[pdu.message_state] : undefined) ??
          parsed.stat ??
          "UNKNOWN";
        if (id) {
          ok = await emit({
            kind: "delivery",
            eventId: `smpp:${id}:${stat}`,
            providerMessageId: id,
            status: RECEIPT_STATUS[stat] ?? "unknown",
            errorCode: parsed.err && !/^0+$/.test(parsed.err) ? parsed.err : null,
            doneAt: parsed.doneDate,
          });
        } else {
          log?.warn({ text }, "SMPP receipt without a message id ignored");
        }
      } else {
        const from = String(pdu.source_addr ?? "");
        const to = String(pdu.destination_addr ?? "");
        const concat =
          udh.find((ie) => ie[0] === 0x00 && ie[1] === 0x03) ??
          udh.find((ie) => ie[0] === 0x08 && ie[1] === 0x04);
        let full: string | undefined = text;
        let completes: string | undefined;
        if (concat) {
          const wide = concat[0] === 0x08;
          const ref = wide ? ((concat[2] ?? 0) << 8) | (concat[3] ?? 0) : (concat[2] ?? 0);
          const total = concat[wide ? 4 : 3] ?? 1;
          const seq = concat[wide ? 5 : 4] ?? 1;
          full = undefined;
          if (total <= 1) full = text;
          else {
            const key = `${from}|${to}|${ref}|${total}`;
            const entry = moParts.get(key) ?? { total, parts: new Map<number, string>(), first: Date.now() };
            entry.parts.set(seq, text);
            moParts.set(key, entry);
            if (entry.parts.size >= total) {
              completes = key;
              full = Array.from({ length: total }, (_, i) => entry.parts.get(i + 1) ?? "").join("");
            }
            // Parts that never complete are dropped after an hour.
            for (const [k, e] of moParts) if (Date.now() - e.first > 3_600_000) moParts.delete(k);
          }
        }
        if (full !== undefined) {
          const receivedAt = new Date();
          const digest = createHash("sha256").update(`${from}\0${to}\0${full}`).digest("hex").slice(0, 32);
          ok = await emit({
            kind: "inbound",
            // Redeliveries of the same message within the same minute share the id.
            eventId: `smpp:mo:${digest}:${Math.floor(receivedAt.getTime() / 60_000)}`,
            from,
            to,
            text: full,
            receivedAt,
          });
          // Kept when the handler failed: the SMSC delivers the last part again and it completes again.
          if (completes && ok) moParts.delete(completes);
        }
      }
    } catch (err) {
      log?.warn({ err }, "SMPP deliver_sm could not be read");
    }
    s.send(pdu.response(ok ? {} : { command_status: STATUS.X_T_APPN }));
  }

  async function sendParts(m: SmsMessage): Promise<SmsSubmitted> {
    const encoded = encodeSms(m.text);
    if (encoded.length === 0) throw new SmsRejected("Empty SMS text", "empty");
    const sender = m.senderId ?? options.defaultSender;
    const alpha = !/^\+?\d+$/.test(sender);
    reference = (reference + 1) % 256;
    const ref = reference;
    const ids: string[] = [];
    for (const [i, part] of encoded.entries()) {
      const multi = encoded.length > 1;
      const body = Buffer.from(part.bytes);
      const params = {
        source_addr_ton: alpha ? 5 : 1,
        source_addr_npi: alpha ? 0 : 1,
        source_addr: alpha ? sender : sender.replace(/^\+/, ""),
        dest_addr_ton: 1,
        dest_addr_npi: 1,
        destination_addr: m.to.replace(/^\+/, ""),
        esm_class: multi ? 0x40 : 0x00,
        registered_delivery: 0x01,
        data_coding: part.dataCoding,
        short_message: multi
          ? Buffer.concat([Buffer.from([0x05, 0x00, 0x03, ref, encoded.length, i + 1]), body])
          : body,
      };
      let retries = 0;
      for (;;) {
        try {
          ids.push(await submit(params));
          throttles = 0;
          break;
        } catch (err) {
          const status = err instanceof SubmitStatus ? err.status : undefined;
          const throttled = status === STATUS.THROTTLED || status === STATUS.MSGQFUL;
          if (status !== undefined && !throttled && !TRANSIENT.has(status)) {
            throw new SmsRejected(`SMSC rejected the message (status ${hex(status)})`, hex(status));
          }
          if (ids.length === 0) {
            // Nothing accepted yet: hand the whole message back.
            if (throttled)
              throw new SmsThrottled(
                throttleHint(),
                `SMSC throttled the submission (status ${hex(status ?? 0)})`,
              );
            if (status !== undefined)
              throw new Error(`SMSC failed the submission temporarily (status ${hex(status)})`);
            throw err;
          }
          // Earlier parts are accepted: sending the whole message again would send them twice, so this part
          // alone is retried, a bounded number of times.
          retries += 1;
          if (closed || retries > MAX_PART_RETRIES) {
            throw new Error(
              `SMPP: ${ids.length} of ${encoded.length} parts accepted (${ids.join(", ")}); part ${i + 1} failed: ${(err as Error).message}`,
            );
          }
          const wait = throttled ? throttleHint() : Math.min(60_000, throttleBackoffMs * 2 ** retries);
          await new Promise((r) => setTimeout(r, wait));
        }
      }
    }
    return { providerMessageId: ids[0] ?? "", partIds: ids, segments: ids.length };
  }

  return {
    name: "smpp",
    send: sendParts,
    available: () => !closed && (bound || !failing),
    onEvent(h) {
      handler = h;
      start();
    },
    ready() {
      if (closed) return Promise.reject(new Error("SMPP provider is closed"));
      start();
      if (bound) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== waiter);
          reject(new Error(`SMPP gateway not bound after ${sendWaitMs} ms`));
        }, sendWaitMs);
        timer.unref();
        const waiter: Waiter = {
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
          reject: (err) => {
            clearTimeout(timer);
            reject(err);
          },
        };
        waiters.push(waiter);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(reconnectTimer);
      if (enquireTimer) clearInterval(enquireTimer);
      const err = new Error("SMPP provider is closed");
      for (const job of [...queue, ...inFlight.values()]) {
        clearTimeout(job.waitTimer);
        clearTimeout(job.responseTimer);
        job.reject(err);
      }
      queue.length = 0;
      inFlight.clear();
      for (const w of waiters) w.reject(err);
      waiters = [];
      const s = session;
      session = undefined;
      if (!s) return;
      s.removeAllListeners("close");
      s.removeAllListeners("error");
      s.on("error", () => {});
      if (bound) {
        bound = false;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 2_000);
          timer.unref();
          if (
            !s.unbind({}, () => {
              clearTimeout(timer);
              resolve();
            })
          ) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1_000);
        timer.unref();
        s.socket.once("close", () => {
          clearTimeout(timer);
          resolve();
        });
        s.socket.end();
      });
      s.destroy();
    },
  };
}
