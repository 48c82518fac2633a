import { ApiError, unwrap } from "@herald/api-client";
import { formatDateTime12, MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, Spinner, Switch } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { useProfile } from "../../shell/use-profile";
import * as s from "./social.css";
import { CHAT_PATH } from "./social-rules";

export const FORWARD_LABEL = "Forward incoming messages to the chatbot";

/** Bot settings: the company's switch that forwards subscriber messages to its chatbot. */
export default function BotSettings() {
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const { data: me } = useProfile();
  const status = $api.useQuery("get", "/getForwardingStatus", {}, { staleTime: 0 });
  const [saving, setSaving] = useState(false);
  const active = status.data?.to_forward === "active";

  const change = async (forwardToBot: boolean) => {
    if (!me) return;
    setSaving(true);
    try {
      const next = unwrap(
        await api.POST("/updateForwardingStatus", { body: { currentUserId: me.userId, forwardToBot } }),
      );
      queryClient.setQueryData(["get", "/getForwardingStatus", {}], next);
      await queryClient.invalidateQueries({ queryKey: ["get", "/getForwardingStatus"] });
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
    } catch (err) {
      // §8: a bot settings failure shows the server's message.
      await dialogs.message("error", err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={`${s.page} ${s.narrowPage}`}>
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
              onCheckedChange={(on) => void change(on)}
            />
            <p className={s.note} role="status">
              Forwarding is {active ? "on" : "off"}
              {status.data.updatedAt ? ` since ${formatDateTime12(status.data.updatedAt)}` : ""}.
            </p>
          </div>
        )}
      </Card>
    </div>
  );
}
