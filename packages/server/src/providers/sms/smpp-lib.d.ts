/** The parts of the `smpp` package (SMPP 3.4/5.0 PDUs over TCP) this project uses. */
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer, Socket } from "node:net";

  export interface Pdu {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    // biome-ignore lint/suspicious/noExplicitAny: PDU fields depend on the command
    [field: string]: any;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
  }

  type Callback = (pdu: Pdu) => void;
  type Shortcut = (
    options?: Record<string, unknown> | Callback,
    responseCallback?: Callback,
    sendCallback?: Callback,
  ) => boolean;

  export class Session extends EventEmitter {
    socket: Socket;
    send(pdu: Pdu, responseCallback?: Callback, sendCallback?: Callback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver: Shortcut;
    submit_sm: Shortcut;
    deliver_sm: Shortcut;
    enquire_link: Shortcut;
    unbind: Shortcut;
    generic_nack: Shortcut;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export class PDU implements Pdu {
    constructor(command: string, options?: Record<string, unknown>);
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    // biome-ignore lint/suspicious/noExplicitAny: PDU fields depend on the command
    [field: string]: any;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
  }

  export function connect(
    options: { host: string; port: number; tls?: boolean },
    listener?: () => void,
  ): Session;
  export function createServer(listener: (session: Session) => void): Server;
  export function createServer(
    options: Record<string, unknown>,
    listener: (session: Session) => void,
  ): Server;

  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    PDU: typeof PDU;
    // biome-ignore lint/suspicious/noExplicitAny: error and constant tables
    [name: string]: any;
  };
  export default smpp;
}
