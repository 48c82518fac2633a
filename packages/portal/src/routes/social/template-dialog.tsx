import { type Schema, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import { Button, countTemplateVariables, Dialog, MessageBubble, Spinner, TextField } from "@herald/ui";
import { useState } from "react";
import { $api, api } from "../../api";
import * as s from "./social.css";
import type { WhatsappTemplate } from "./social-rules";

type TemplatePayload = Schema<"WhatsappTemplatePayload">;

export interface TemplateDialogProps {
  channelId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSend: (template: TemplatePayload) => Promise<void>;
}

const part = (t: WhatsappTemplate, type: string) => t.components.find((c) => c.type === type);

/** Picks one of the channel's WhatsApp templates, fills its variables (and header media) and sends it. */
export function TemplateDialog({ channelId, open, onOpenChange, onSend }: TemplateDialogProps) {
  const templates = $api.useQuery(
    "get",
    "/social-chat/channel/{id}/whatsapp-templates",
    { params: { path: { id: channelId } } },
    { enabled: open },
  );
  const [picked, setPicked] = useState<WhatsappTemplate | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [body, setBody] = useState<string[]>([]);
  const [media, setMedia] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const headerPart = picked ? part(picked, "HEADER") : undefined;
  const headerFormat = headerPart?.format ?? "TEXT";
  const headerCount = headerPart && headerFormat === "TEXT" ? countTemplateVariables(headerPart.text) : 0;
  const bodyCount = picked ? countTemplateVariables(part(picked, "BODY")?.text) : 0;
  const needsMedia = headerPart !== undefined && headerFormat !== "TEXT";

  const choose = (t: WhatsappTemplate) => {
    setPicked(t);
    setHeader([]);
    setBody([]);
    setMedia(null);
    setError(null);
  };
  const close = (next: boolean) => {
    if (!next) setPicked(null);
    onOpenChange(next);
  };

  const submit = async () => {
    if (!picked) return;
    const values = (list: string[], n: number) => Array.from({ length: n }, (_, i) => (list[i] ?? "").trim());
    const h = values(header, headerCount);
    const b = values(body, bodyCount);
    if ([...h, ...b].some((v) => v === "")) {
      setError(MESSAGES.required);
      return;
    }
    if (needsMedia && !media) {
      setError(MESSAGES.uploadMedia);
      return;
    }
    setSending(true);
    try {
      let attachmentId: string | undefined;
      if (media) {
        const uploaded = unwrap(
          await api.POST("/social-chat/attachment/upload", {
            body: { file: media },
            bodySerializer: () => {
              const form = new FormData();
              form.append("file", media, media.name);
              return form;
            },
          }),
        );
        attachmentId = uploaded.attachmentId;
      }
      await onSend({
        name: picked.name,
        language: picked.language,
        ...(headerCount > 0 || attachmentId
          ? { header: { variables: h, ...(attachmentId ? { attachmentId } : {}) } }
          : {}),
        ...(bodyCount > 0 ? { body: { variables: b } } : {}),
      });
      close(false);
    } catch (err) {
      setError((err as { message?: string } | null)?.message ?? MESSAGES.somethingWentWrong);
    } finally {
      setSending(false);
    }
  };

  const list = templates.data?.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={picked ? `Template ${picked.name}` : "Choose template"}
      size="lg"
      footer={
        picked ? (
          <>
            <Button variant="outline" tone="secondary" onClick={() => setPicked(null)}>
              Back
            </Button>
            <Button loading={sending} onClick={() => void submit()}>
              Send template
            </Button>
          </>
        ) : undefined
      }
    >
      {!picked && templates.isPending && <Spinner label="Loading templates" showLabel />}
      {!picked && templates.isError && (
        <p className={s.note} role="alert">
          {(templates.error as { message?: string } | null)?.message ?? MESSAGES.somethingWentWrong}
        </p>
      )}
      {!picked && templates.isSuccess && list.length === 0 && (
        <p className={s.note}>No templates yet: sync them from Channels Management.</p>
      )}
      {!picked && list.length > 0 && (
        <ul className={s.templateList} aria-label="Templates">
          {list.map((t) => (
            <li key={`${t.name}-${t.language}`}>
              <Button variant="outline" tone="secondary" onClick={() => choose(t)}>
                {t.name} ({t.language})
              </Button>
            </li>
          ))}
        </ul>
      )}
      {picked && (
        <div className={s.form}>
          <MessageBubble
            message={{
              id: "preview",
              type: "outbox",
              createdAt: new Date(),
              deliveryStatus: null,
              whatsappTemplateComponents: picked.components,
              whatsappTemplateVariables: { header, body },
            }}
          />
          {Array.from({ length: headerCount }, (_, i) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: one field per numbered placeholder
              key={`h${i}`}
              label={`Header {{${i + 1}}}`}
              value={header[i] ?? ""}
              onChange={(e) => {
                const next = [...header];
                next[i] = e.target.value;
                setHeader(next);
              }}
            />
          ))}
          {Array.from({ length: bodyCount }, (_, i) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: one field per numbered placeholder
              key={`b${i}`}
              label={`Body {{${i + 1}}}`}
              value={body[i] ?? ""}
              onChange={(e) => {
                const next = [...body];
                next[i] = e.target.value;
                setBody(next);
              }}
            />
          ))}
          {needsMedia && (
            <label className={s.note}>
              Header {headerFormat.toLowerCase()}{" "}
              <input
                type="file"
                accept={
                  headerFormat === "IMAGE" ? "image/*" : headerFormat === "VIDEO" ? "video/*" : undefined
                }
                onChange={(e) => setMedia(e.target.files?.[0] ?? null)}
              />
            </label>
          )}
          {error && (
            <p className={s.note} role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
