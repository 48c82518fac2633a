import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { contactsService } from "./contacts.service";
import { contactImportsService, uploadTemplate } from "./import.service";
import { receiveContactFile } from "./import-file";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Contacts and groups: /contacts, /contacts/export, /getContact, /addContact, /editContact, /deleteContact(s),
 * /addContacts, /contactImports/{id} (+ report.xlsx, cancel), /downloads/UploadTemplate.xlsx, /groups,
 * /getGroup, /addGroup, /editGroup, /deleteGroup(s), /addMembers, /removeMember(s).
 */
export function contactHandlers(deps: Deps): Handlers {
  const contacts = contactsService(deps);
  const imports = contactImportsService(deps);
  return {
    listContacts: async (r) => contacts.list(r.actor, r.query ?? {}),
    getContact: async (r) => contacts.get(r.actor, r.body.id),
    addContact: async (r) => contacts.add(r.actor, r.body, r.query ?? {}),
    editContact: async (r) => contacts.edit(r.actor, r.body, r.query ?? {}),
    deleteContact: async (r) => contacts.remove(r.actor, [r.body.id], true),
    deleteContacts: async (r) => contacts.remove(r.actor, r.body.selectedRows, false),
    addContacts: async (r, reply) => {
      requireActor(r.actor);
      const file = await receiveContactFile(r, deps.config.dataDir);
      const answer = await imports.upload(r.actor, file, r.query ?? {}, r.log);
      if (answer.status === 202) reply.header("location", `/api/contactImports/${answer.body.id}`);
      reply.code(answer.status);
      return answer.body;
    },
    getContactImport: async (r) => imports.status(r.actor, r.params.id),
    cancelContactImport: async (r) => imports.cancel(r.actor, r.params.id),
    downloadContactImportReport: async (r, reply) => {
      const stream = await imports.report(r.actor, r.params.id);
      reply.header("content-type", XLSX).header("content-disposition", 'attachment; filename="report.xlsx"');
      return reply.send(stream);
    },
    exportContacts: async (r, reply) => {
      const { stream, fileName, contentType } = await imports.exportContacts(r.actor, r.query ?? {});
      reply
        .header("content-type", contentType)
        .header("content-disposition", `attachment; filename="${fileName}"`);
      return reply.send(stream);
    },
    downloadUploadTemplate: async (r, reply) => {
      requireActor(r.actor);
      reply
        .header("content-type", XLSX)
        .header("content-disposition", 'attachment; filename="UploadTemplate.xlsx"');
      return reply.send(await uploadTemplate());
    },
    listGroups: async (r) => contacts.listGroups(r.actor, r.query ?? {}),
    getGroup: async (r) => contacts.getGroup(r.actor, r.body),
    addGroup: async (r) => contacts.addGroup(r.actor, r.body.name),
    editGroup: async (r) => contacts.editGroup(r.actor, r.body.id, r.body.name),
    deleteGroup: async (r) => contacts.removeGroups(r.actor, [r.body.id], true),
    deleteGroups: async (r) => contacts.removeGroups(r.actor, r.body.selectedRows, false),
    addMembers: async (r, reply) => {
      const result = await contacts.addMembers(r.actor, r.body);
      if ("issues" in result) {
        reply.code(409);
        return result.issues;
      }
      return result.ok;
    },
    removeMember: async (r) => contacts.removeMembers(r.actor, r.body.groupId, [r.body.id], true),
    removeMembers: async (r) => contacts.removeMembers(r.actor, r.body.id, r.body.selectedRows, false),
  };
}
