/**
 * A broadcast's recipients as a CSV or XLSX file (GET /social-chat/broadcast/{id}/recipients/export): every
 * recipient row in file order with its readiness, delivery status, remark and the sent / delivered / read
 * times, read in keyset pages of the row number so memory stays flat whatever the broadcast's size. Scoped as
 * the report (GET /social-chat/broadcast/{id}): another company's broadcast answers 404 before the first byte.
 *
 * The delivered and read times are kept on the recipient rows by the receipt hook below (`stampRecipientReceipts`) (a receipt that jumps
 * to read marks the row delivered too); the sent time is the time the chat message was written for a message
 * the provider took.
 */
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { Tx } from "../../db/client";
import { pgArray, rows } from "../../db/sql";
import type { Deps, Handlers } from "../../deps";
import { NotFound } from "../../errors";
import { neutralise } from "../../lib/spreadsheet";
import { type Actor, requireActor } from "../../plugins/actor";
import type { StatusHook } from "../chat/ingest";
import { BROADCAST_NOT_FOUND } from "./broadcasts.messages";

/** Rows per statement of the export. */
export const EXPORT_PAGE = 5_000;

export const RECIPIENT_EXPORT_COLUMNS = [
  "Row",
  "Mobile",
  "Name",
  "Readiness",
  "Status",
  "Remark",
  "Sent At",
  "Delivered At",
  "Read At",
] as const;

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Receipts of broadcast messages stamp the recipient rows' delivered and read times (first time only): a chat
 * status hook (wiring.ts).
 */
export const stampRecipientReceipts: StatusHook = async (tx: Tx, changed, status) => {
  if (status !== "delivered" && status !== "read") return;
  await tx.execute(
    sql`update broadcast_recipients
           set delivered_at = coalesce(delivered_at, now()),
               read_at = case when ${status} = 'read' then coalesce(read_at, now()) else read_at end
         where chat_message_id = any(${pgArray(changed.map((c) => c.id))}::uuid[])`,
  );
};

interface ExportRow {
  row: number;
  mobile: string;
  name: string;
  readiness: string;
  status: string;
  delivery_status: string | null;
  message_status: string | null;
  remark: string | null;
  sent_at: Date | string | null;
  delivered_at: Date | string | null;
  read_at: Date | string | null;
}

/** The status a recipient row is in, as the report names it. */
export function recipientStatus(r: Pick<ExportRow, "status" | "delivery_status">): string {
  if (r.status === "failed" || r.delivery_status === "failed") return "Failed";
  if (r.delivery_status === "read") return "Read";
  if (r.delivery_status === "delivered") return "Delivered";
  if (r.delivery_status === "sent" || r.status === "sent") return "Sent";
  if (r.status === "skipped") return "Skipped";
  if (r.status === "cancelled") return "Cancelled";
  if (r.status === "sending") return "Sending";
  return "Queued";
}

const time = (d: Date | string | null) => (d ? new Date(d).toISOString() : "");

function cells(r: ExportRow): string[] {
  return [
    String(r.row),
    neutralise(r.mobile.replace(/^\+/, "")),
    neutralise(r.name),
    r.readiness,
    recipientStatus(r),
    neutralise(r.remark ?? ""),
    time(r.sent_at),
    time(r.delivered_at),
    time(r.read_at),
  ];
}

/** One CSV record (RFC 4180 quoting), CRLF-terminated as the contacts export writes them. */
const csvLine = (values: readonly string[]) =>
  `${values.map((v) => (/[",\r\n;]|^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(",")}\r\n`;

/** The file name: the broadcast's name with `-recipients`, unsafe characters replaced. */
export const exportFileName = (name: string, ext: "csv" | "xlsx") =>
  `${name.replace(/[^\p{L}\p{N} ._-]/gu, "_").trim() || "broadcast"}-recipients.${ext}`;

export function broadcastExportService({ database }: Deps) {
  const { db } = database;

  async function* pages(companyId: string, broadcastId: string): AsyncGenerator<string[][]> {
    let after = 0;
    for (;;) {
      const page = await rows<ExportRow>(
        db,
        sql`select r.row, r.mobile, r.name, r.readiness, r.status, m.delivery_status, m.message_status,
                   coalesce(m.remark, r.remark) as remark,
                   case when m.message_status = 'yes' or m.delivery_status in ('sent', 'delivered', 'read')
                        then m.created_at end as sent_at,
                   r.delivered_at, r.read_at
              from broadcast_recipients r
              left join chat_messages m on m.id = r.chat_message_id
             where r.broadcast_id = ${broadcastId} and r.company_id = ${companyId} and r.row > ${after}
             order by r.row
             limit ${EXPORT_PAGE}`,
      );
      if (page.length > 0) yield page.map(cells);
      if (page.length < EXPORT_PAGE) return;
      after = page[page.length - 1]!.row;
    }
  }

  return {
    async exportRecipients(
      actor: Actor | undefined,
      id: string,
      format: "csv" | "xlsx" = "csv",
    ): Promise<{ stream: Readable; fileName: string; contentType: string }> {
      const { companyId } = requireActor(actor);
      const [b] = await rows<{ id: string; name: string }>(
        db,
        sql`select id, name from broadcasts where id = ${id} and company_id = ${companyId}`,
      );
      if (!b) throw new NotFound(BROADCAST_NOT_FOUND);
      if (format === "csv") {
        const stream = Readable.from(
          (async function* () {
            yield csvLine(RECIPIENT_EXPORT_COLUMNS);
            for await (const page of pages(companyId, b.id)) yield page.map(csvLine).join("");
          })(),
        );
        return { stream, fileName: exportFileName(b.name, "csv"), contentType: "text/csv; charset=utf-8" };
      }
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet("Recipients");
      (async () => {
        sheet.addRow([...RECIPIENT_EXPORT_COLUMNS]).commit();
        for await (const page of pages(companyId, b.id)) {
          for (const row of page) sheet.addRow(row).commit();
          if (out.writableNeedDrain) await once(out, "drain");
        }
        sheet.commit();
        await workbook.commit();
      })().catch((err) => out.destroy(err));
      return { stream: out, fileName: exportFileName(b.name, "xlsx"), contentType: XLSX_TYPE };
    },
  };
}

/** The route handler, spread into the broadcasts' handlers. */
export function broadcastExportHandlers(deps: Deps): Handlers {
  const exports = broadcastExportService(deps);
  return {
    exportBroadcastRecipients: async (r, reply) => {
      const { stream, fileName, contentType } = await exports.exportRecipients(
        r.actor,
        r.params.id,
        r.query?.format,
      );
      reply
        .header("content-type", contentType)
        .header(
          "content-disposition",
          `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        );
      return reply.send(stream);
    },
  };
}
