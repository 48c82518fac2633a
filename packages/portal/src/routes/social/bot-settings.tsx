import { ApiError, unwrap } from "@herald/api-client";
import { formatDateTime12, MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, PageLayout, PasswordField, Spinner, Switch, TextField } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { useProfile } from "../../shell/use-profile";
import * as s from "./social.css";
import { CHAT_PATH } from "./social-rules";

export const FORWARD_LABEL = "Forward incoming messages to the chatbot";
export const WEBHOOK_URL_LABEL = "Chatbot webhook URL";
export const WEBHOOK_SECRET_LABEL = "Signing secret";
/** The contract's bounds of the shared secret. */
const SECRET_MIN = 16;
const SECRET_MAX = 200;

/**
 * Bot settings: the company's switch that forwards subscriber messages to its chatbot, and where they go: the
 * chatbot's webhook URL and the secret that signs the forwards and the chatbot's replies (write-only: left empty,
 * the stored one is kept).
 */
export default function BotSettings() {
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const { data: me } = useProfile();
  const status = $api.useQuery("get", "/getForwardingStatus", {}, { staleTime: 0 });
  const [saving, setSaving] = useState(false);
  const active = status.data?.to_forward === "active";
  const storedUrl = status.data?.webhookUrl ?? "";
  const [url, setUrl] = useState(storedUrl);
  const [secret, setSecret] = useState("");
  const [errors, setErrors] = useState<{ url?: string; secret?: string }>({});
  useEffect(() => setUrl(storedUrl), [storedUrl]);

  const save = async (body: {
    forwardToBot: boolean;
    webhookUrl?: string | null;
    webhookSecret?: string;
  }) => {
    if (!me) return false;
    setSaving(true);
    try {
      const next = unwrap(
        await api.POST("/updateForwardingStatus", { body: { currentUserId: me.userId, ...body } }),
      );
      queryClient.setQueryData(["get", "/getForwardingStatus", {}], next);
      await queryClient.invalidateQueries({ queryKey: ["get", "/getForwardingStatus"] });
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
      return true;
    } catch (err) {
      // §8: a bot settings failure shows the server's message.
      await dialogs.message("error", err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const saveWebhook = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = url.trim();
    const next: typeof errors = {};
    if (trimmed !== "" && !/^https?:\/\/\S+$/i.test(trimmed))
      next.url = "Enter an http:// or https:// address.";
    if (secret !== "" && (secret.length < SECRET_MIN || secret.length > SECRET_MAX))
      next.secret = `The secret takes ${SECRET_MIN} to ${SECRET_MAX} characters.`;
    setErrors(next);
    if (next.url || next.secret) return;
    const ok = await save({
      forwardToBot: active,
      webhookUrl: trimmed === "" ? null : trimmed,
      ...(secret !== "" ? { webhookSecret: secret } : {}),
    });
    if (ok) setSecret("");
  };

  return (
    <PageLayout maxWidth={720}>
      <Breadcrumb
        items={[{ label: "Home", href: CHAT_PATH }, { label: "Bot Settings" }]}
        renderLink={routerLink}
      />
      <Card title="Chatbot forwarding" headingLevel={2}>
        {status.isPending && <Spinner label="Loading the forwarding switch" showLabel />}
        {status.isError && (
          <div className={s.form} role="alert">
            <p className={s.note}>
              {(status.error as { message?: string } | null)?.message ?? MESSAGES.somethingWentWrong}
            </p>
            <div>
              <Button variant="outline" onClick={() => void status.refetch()}>
                Retry
              </Button>
            </div>
          </div>
        )}
        {status.isSuccess && (
          <div className={s.form}>
            <Switch
              label={FORWARD_LABEL}
              labelPosition="start"
              description="When on, every message a subscriber sends is also passed to your chatbot, and its replies come back into the chat."
              checked={active}
              disabled={saving || !me}
              onCheckedChange={(on) => void save({ forwardToBot: on })}
            />
            <p className={s.note} role="status">
              Forwarding is {active ? "on" : "off"}
              {status.data.updatedAt ? ` since ${formatDateTime12(status.data.updatedAt)}` : ""}.
            </p>
          </div>
        )}
      </Card>
      {status.isSuccess && (
        <Card title="Chatbot webhook" headingLevel={2}>
          <form className={s.form} onSubmit={(e) => void saveWebhook(e)} noValidate>
            <p className={s.note}>
              Forwarded messages are POSTed as JSON to this address, signed with the secret in the
              X-Herald-Signature header; your chatbot signs its replies the same way.
            </p>
            <TextField
              label={WEBHOOK_URL_LABEL}
              type="url"
              inputMode="url"
              maxLength={2000}
              placeholder="https://bot.example.com/herald"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              error={errors.url}
              help="Leave empty to forward nowhere."
            />
            <PasswordField
              label={WEBHOOK_SECRET_LABEL}
              rulesHint={null}
              autoComplete="new-password"
              maxLength={SECRET_MAX}
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              error={errors.secret}
              help={`${SECRET_MIN} to ${SECRET_MAX} characters. Left empty, the current secret is kept.`}
            />
            <div>
              <Button type="submit" loading={saving} disabled={!me}>
                Save webhook
              </Button>
            </div>
          </form>
        </Card>
      )}
    </PageLayout>
  );
}
