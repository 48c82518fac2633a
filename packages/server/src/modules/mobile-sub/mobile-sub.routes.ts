import path from "node:path";
import { MESSAGES, MOBILE_UPLOAD_MAX_BYTES } from "@herald/domain";
import type { FastifyRequest } from "fastify";
import type { Deps, Handlers } from "../../deps";
import { BadRequest, HttpError } from "../../errors";
import { FILE_REQUIRED, mobileSubService, type UploadedFile } from "./mobile-sub.service";

/**
 * Reads the multipart part `file`, at most MOBILE_UPLOAD_MAX_BYTES: the parser keeps no more than that
 * many bytes of it and marks the part truncated when the file is longer, which is refused with the
 * specification's message.
 */
async function readUpload(request: FastifyRequest): Promise<UploadedFile> {
  let part: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    part = await request.file({
      limits: { fileSize: MOBILE_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 20 },
      throwFileSizeLimit: false,
    });
  } catch {
    throw new BadRequest(FILE_REQUIRED);
  }
  if (part?.fieldname !== "file") throw new BadRequest(FILE_REQUIRED);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new BadRequest(MESSAGES.errorUploadingFile);
  }
  if (part.file.truncated) throw new BadRequest(MESSAGES.mobileFileTooLarge);
  const fileName = path.basename((part.filename ?? "").replace(/\\/g, "/")).slice(0, 255) || "upload";
  const mimeType = (part.mimetype || "application/octet-stream").slice(0, 100);
  return { fileName, mimeType, data: Buffer.concat(chunks) };
}

/** Mobile subscription lists: /mobileSubList, /getMobileSub, /addMobileSub, /editMobileSub, /deleteMobileSub, /uploadMobileList. */
export function mobileSubHandlers(deps: Deps): Handlers {
  const mobile = mobileSubService(deps);
  return {
    mobileSubList: async (r) => mobile.list(r.actor, r.query ?? {}),
    getMobileSub: async (r) => mobile.get(r.actor, r.body.id),
    addMobileSub: async (r, reply) => {
      const accepted = await mobile.add(r.actor, r.body);
      reply.code(202);
      return accepted;
    },
    editMobileSub: async (r) => mobile.edit(r.actor, r.body),
    deleteMobileSub: async (r) => mobile.remove(r.actor, r.body.id),
    uploadMobileList: async (r) => mobile.upload(r.actor, () => readUpload(r)),
  };
}
