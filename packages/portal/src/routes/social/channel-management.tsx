import { ApiError, unwrap } from "@herald/api-client";
import { formatDateTime12, MESSAGES } from "@herald/domain";
import {
  Badge,
  Breadcrumb,
  Button,
  Card,
  ChannelIcon,
  channelLabel,
  DataTable,
  type DataTableColumn,
  PageLayout,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { useProfile } from "../../shell/use-profile";
import * as s from "./social.css";
import { CHANNELS_PATH, CHAT_PATH, type Channel } from "./social-rules";

const HOME_CRUMB = { label: "Home", href: CHAT_PATH };
const creator = (c: Channel) =>
  [c.creatorFirstName, c.creatorLastName]
    .map((p) => (p ?? "").trim())
    .filter(Boolean)
    .join(" ") || "-";
const channelsKey = ["get", "/social-chat/channel/company-channel"];

/**
 * Follows a connect or edit link: the portal's own connect page opens in place, any other address (a
 * provider's authorisation page) in a new window.
 */
const CONNECT_PATH = `${CHANNELS_PATH}/connect`;
function useOpenLink() {
  const navigate = useNavigate();
  return (link: string) => {
    const url = new URL(link, window.location.href);
    // The server names its public address, which may be another name of this origin (localhost, 127.0.0.1).
    if (url.origin === window.location.origin || url.pathname === CONNECT_PATH)
      navigate(`${url.pathname}${url.search}`);
    else window.open(url.href, "_blank", "noopener");
  };
}

/**
 * Channel management: the company's channels (name, type, created at, creator; the id stays out of sight), with Sync Templates for
 * WhatsApp, Edit Channel and Delete Channel, and Connect Channel, which opens the provider's connect page.
 */
export default function ChannelManagement() {
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const isAdmin = useProfile().data?.userRole === "admin";
  const list = $api.useQuery("get", "/social-chat/channel/company-channel", {}, { staleTime: 0 });
  const [connecting, setConnecting] = useState(false);
  const openLink = useOpenLink();
  const refresh = () => queryClient.invalidateQueries({ queryKey: channelsKey });

  const columns = useMemo<DataTableColumn<Channel>[]>(
    () => [
      { id: "name", header: "Name", text: (c) => c.name },
      {
        id: "channelType",
        header: "Channel Type",
        text: (c) => `${channelLabel(c.channelType)}${c.sandbox ? " (sandbox)" : ""}`,
        cell: (c) => (
          <span className={s.typeCell}>
            <ChannelIcon type={c.channelType} size={20} decorative />
            {channelLabel(c.channelType)}
            {c.sandbox ? (
              <Badge tone="info" variant="soft">
                Sandbox
              </Badge>
            ) : null}
          </span>
        ),
      },
      {
        id: "createdAt",
        header: "Created At",
        value: (c) => new Date(c.createdAt),
        text: (c) => formatDateTime12(c.createdAt),
        priority: "md",
      },
      { id: "creator", header: "Created By", text: creator, priority: "md" },
    ],
    [],
  );

  const connect = async () => {
    setConnecting(true);
    try {
      const { link } = unwrap(await api.POST("/social-chat/channel/connect-channel", { body: {} }));
      openLink(link);
    } catch {
      await dialogs.message("error", MESSAGES.somethingWentWrong);
    } finally {
      setConnecting(false);
    }
  };

  const syncTemplates = async (c: Channel) => {
    try {
      const answer = unwrap(
        await api.POST("/social-chat/channel/{id}/sync-ws-templates", { params: { path: { id: c.id } } }),
      );
      await queryClient.invalidateQueries({
        queryKey: ["get", "/social-chat/channel/{id}/whatsapp-templates"],
      });
      await dialogs.message(
        "success",
        MESSAGES.dataUpdateSuccess,
        `${answer.data.length} template${answer.data.length === 1 ? "" : "s"} of ${c.name} are ready to send.`,
      );
    } catch (err) {
      await dialogs.message("error", err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
    }
  };

  const editChannel = async (c: Channel) => {
    try {
      const { link } = unwrap(
        await api.POST("/social-chat/channel/{id}/edit-link", { params: { path: { id: c.id } }, body: {} }),
      );
      openLink(link);
    } catch {
      await dialogs.message("error", MESSAGES.somethingWentWrong);
    }
  };

  const deleteChannel = async (c: Channel) => {
    const ok = await dialogs.confirm({
      title: MESSAGES.confirmDelete,
      text: `${c.name} (${channelLabel(c.channelType)}) will be disconnected and deleted. Its chats stay readable.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!ok) return;
    try {
      unwrap(await api.POST("/social-chat/channel/{id}/delete-channel", { params: { path: { id: c.id } } }));
      await refresh();
      await dialogs.message("success", MESSAGES.dataDeleteSuccess);
    } catch {
      await dialogs.message("error", MESSAGES.errorDeletingData);
    }
  };

  return (
    <PageLayout>
      <Breadcrumb items={[HOME_CRUMB, { label: "Channels Management" }]} renderLink={routerLink} />
      <Card
        title="Channels"
        headingLevel={2}
        actions={
          isAdmin ? (
            <Button loading={connecting} onClick={() => void connect()}>
              Connect Channel
            </Button>
          ) : undefined
        }
      >
        <DataTable<Channel>
          label="Channels"
          data={list.data?.data ?? []}
          columns={columns}
          getRowId={(c) => c.id}
          getRowLabel={(c) => c.name}
          searchLabel="Search channels"
          loading={list.isPending}
          error={
            list.isError
              ? ((list.error as { message?: string } | null)?.message ?? MESSAGES.somethingWentWrong)
              : null
          }
          onRetry={() => void list.refetch()}
          emptyText={MESSAGES.noRecords}
          rowActions={
            isAdmin
              ? [
                  {
                    label: "Sync Templates",
                    onSelect: (c) => void syncTemplates(c),
                    hidden: (c) => c.channelType !== "WHATSAPP",
                  },
                  { label: "Edit Channel", onSelect: (c) => void editChannel(c) },
                  { label: "Delete Channel", onSelect: (c) => void deleteChannel(c), tone: "danger" },
                ]
              : undefined
          }
        />
      </Card>
    </PageLayout>
  );
}
