import type { components } from "@herald/api-client/schema";
import { MESSAGES } from "@herald/domain";
import { and, eq } from "drizzle-orm";
import { notifications, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { BadRequest, Forbidden, NotFound } from "../../errors";
import { notificationEvent, publishAll } from "../../lib/events";
import { hit } from "../../lib/rate-limit";
import { type Actor, assertAdmin } from "../../plugins/actor";
import { companyOf, findUser } from "../users.repository";
import { listTopups, recordTopupRequest } from "./topups";

type S = components["schemas"];

/**
 * Top-up requests: type 1 (admins) e-mails the vendor's support for corporate credit and records the request the
 * operator answers (topups.ts); type 2 (other users) notifies every active admin of the company
 * with a 'request' notification linking to the sender.
 */
export function topupService({ database, config, queue }: Deps) {
  const { db } = database;
  return {
    async request(actor: Actor, body: S["TopupReqRequest"]): Promise<S["Ok"]> {
      if (body.topUpType === 1 && actor.role !== "admin") throw new Forbidden(MESSAGES.invalidAccess);
      if (body.topUpType === 2 && actor.role === "admin") {
        throw new BadRequest("Admins top up their own credit from their credit page.");
      }
      await hit(
        database,
        [{ key: `topup:${actor.userId}`, max: 5, windowSeconds: 3600 }],
        "Too many top-up requests. Please try again later.",
      );
      const me = await findUser(db, actor.companyId, actor.userId);
      const company = await companyOf(db, actor.companyId);
      if (!me || !company) throw new NotFound();
      const who = `${me.firstName} ${me.lastName}`.trim();
      await db.transaction(async (tx) => {
        if (body.topUpType === 1) {
          // The request the operator answers (topups.ts), with the e-mail to support.
          await recordTopupRequest(tx, {
            companyId: actor.companyId,
            userId: actor.userId,
            requesterLabel: `${who} <${me.email}>`,
            amount: body.amount,
            note: body.note,
          });
          const asked = [
            body.amount === undefined ? "" : ` SGD ${body.amount.toFixed(2)}`,
            body.note?.trim() ? `\n\nNote: ${body.note.trim()}` : "",
          ];
          await queue.enqueue(
            "email.send",
            {
              to: config.supportEmail,
              subject: `Top-up request from ${company.name}`,
              text: `${who} (${me.email}) of ${company.name} (account ${company.id}) asks for a corporate credit top up${asked[0]}.${asked[1]}\n\nAnswer it in the operator console (Top-up requests).`,
              key: `topup:${actor.userId}:${Date.now()}`,
            },
            { tx },
          );
          return;
        }
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.companyId, actor.companyId),
              eq(users.userRole, "admin"),
              eq(users.status, "active"),
            ),
          );
        if (admins.length > 0) {
          const created = await tx
            .insert(notifications)
            .values(
              admins.map((a) => ({
                companyId: actor.companyId,
                userId: a.id,
                fromId: actor.userId,
                type: "request",
                message: `${who} requests a credit top up.`,
              })),
            )
            .returning({ id: notifications.id, userId: notifications.userId });
          // each admin's bell rings at once (the event stream), not at its next poll
          await publishAll(
            tx,
            created.map((n) => notificationEvent({ companyId: actor.companyId, userId: n.userId, id: n.id })),
          );
        }
      });
      return { message: MESSAGES.topUpRequestSent };
    },

    /** The company's corporate top-up requests with the operator's answers (admins), newest first. */
    async list(actor: Actor, q: { cursor?: string; limit?: number }): Promise<S["TopupRequestPage"]> {
      assertAdmin(actor);
      return listTopups(db, { companyId: actor.companyId, ...q });
    },
  };
}
