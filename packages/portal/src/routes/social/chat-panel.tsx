import { ApiError, type Schema, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import {
  Badge,
  Button,
  ChannelIcon,
  type ComposedMessage,
  channelLabel,
  chatroomStatusLabel,
  chatroomStatusTone,
  MessageBubble,
  MessageComposer,
  Spinner,
  StatusLogLine,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { api } from "../../api";
import { useDialogs } from "../../dialogs";
import { AgentDialog } from "./agent-dialog";
import * as s from "./social.css";
import { refreshRoom, useMessages, useRoomProfile } from "./social.queries";
import {
  type Agent,
  acceptFor,
  type ChatMessage,
  chronological,
  ESTIMATED_MESSAGE_HEIGHT,
  latestInbound,
  OVERSCAN,
  outsideWhatsappWindow,
  type RoomProfile,
  roomActions,
  type Viewer,
} from "./social-rules";
import { TemplateDialog } from "./template-dialog";

type TemplatePayload = Schema<"WhatsappTemplatePayload">;

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);

export const TAKE_OVER_TITLE = "Take over this chat?";
export const CLOSE_TITLE = "Close this ticket?";
export const UNASSIGN_TITLE = "Unassign this chat?";
export const CLOSED_NOTICE = "This ticket is closed. Assign the chat to reopen it and reply.";
export const WINDOW_NOTICE =
  "The subscriber has not written in the last 24 hours: WhatsApp accepts only a template message now.";

/** The message panel of one room: header with its actions, the messages, and the composer or a notice. */
export function ChatPanel({
  roomId,
  viewer,
  onBack,
}: {
  roomId: string;
  viewer: Viewer;
  /** Narrow layout: back to the room list. */
  onBack?: () => void;
}) {
  const profile = useRoomProfile(roomId);
  if (profile.isPending) {
    return (
      <div className={s.centre}>
        <Spinner label="Loading chat" showLabel />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div className={s.centre} role="alert">
        <p className={s.note}>{messageOf(profile.error)}</p>
        <div>
          <Button variant="outline" onClick={() => void profile.refetch()}>
            Retry
          </Button>{" "}
          {onBack && (
            <Button variant="ghost" onClick={onBack}>
              Back to chats
            </Button>
          )}
        </div>
      </div>
    );
  }
  return <Room room={profile.data} viewer={viewer} onBack={onBack} />;
}

function Room({ room, viewer, onBack }: { room: RoomProfile; viewer: Viewer; onBack?: () => void }) {
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const messages = useMessages(room.id);
  const actions = roomActions(room, viewer);
  const [picker, setPicker] = useState<null | "Assign Agent" | "Reassign">(null);
  const [busyAgent, setBusyAgent] = useState<string | null>(null);
  const [templates, setTemplates] = useState(false);
  const [sending, setSending] = useState(false);
  const refresh = () => refreshRoom(queryClient, room.id);

  // The newest subscriber message seen marks the room read (once per message).
  const latest = latestInbound(messages.newestFirst)?.id;
  const marked = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!latest || marked.current === latest) return;
    marked.current = latest;
    void api
      .POST("/social-chat/chat/rooms/{id}/set-read-all", {
        params: { path: { id: room.id } },
        body: { inboxId: latest },
      })
      .then(() => queryClient.invalidateQueries({ queryKey: ["social-chat", "rooms"] }));
  }, [latest, room.id, queryClient]);

  const assign = async (agentId: string, self: boolean) => {
    setBusyAgent(agentId);
    try {
      unwrap(
        await api.POST("/social-chat/chat/assign-agent", {
          body: { subscriberId: room.id, agentId, userId: viewer.userId },
        }),
      );
      setPicker(null);
      await refresh();
      if (self) await dialogs.message("success", MESSAGES.assignYourselfSuccess);
    } catch {
      setPicker(null);
      await dialogs.message("error", MESSAGES.errorTitle, MESSAGES.unassignFailed);
    } finally {
      setBusyAgent(null);
    }
  };

  const assignYourself = async () => {
    if (actions.confirmTakeOver) {
      const ok = await dialogs.confirm({
        title: TAKE_OVER_TITLE,
        text: `The chat with ${room.name} will be assigned to you.`,
        confirmLabel: "Take over",
      });
      if (!ok) return;
    }
    await assign(viewer.userId, true);
  };

  const unassign = async () => {
    const ok = await dialogs.confirm({
      title: UNASSIGN_TITLE,
      text: "The chat returns to open, for any agent to pick up.",
      confirmLabel: "Unassign",
      tone: "danger",
    });
    if (!ok) return;
    try {
      unwrap(await api.POST("/social-chat/chat/remove-agent", { body: { subscriberId: room.id } }));
      await refresh();
      await dialogs.message("success", MESSAGES.removeAgentSuccess);
    } catch {
      await dialogs.message("error", MESSAGES.errorTitle, MESSAGES.unassignFailed);
    }
  };

  const close = async () => {
    const ok = await dialogs.confirm({
      title: CLOSE_TITLE,
      text: MESSAGES.actionNotReversible,
      confirmLabel: "Close ticket",
      tone: "danger",
    });
    if (!ok || !room.agentId) return;
    try {
      unwrap(
        await api.POST("/social-chat/chat/close", { body: { subscriberId: room.id, agentId: room.agentId } }),
      );
      await refresh();
      await dialogs.message("success", MESSAGES.closeTicketSuccess);
    } catch (err) {
      await dialogs.message("error", messageOf(err));
    }
  };

  const send = async ({ text, files }: ComposedMessage) => {
    setSending(true);
    try {
      if (text !== "") {
        unwrap(
          await api.POST("/social-chat/chat/room/{id}/send-message", {
            params: { path: { id: room.id } },
            body: { type: "text", text, userId: viewer.userId },
          }),
        );
      }
      if (files.length > 0) {
        unwrap(
          await api.POST("/social-chat/chat/room/{id}/send-files", {
            params: { path: { id: room.id } },
            body: { file: files },
            bodySerializer: () => {
              const form = new FormData();
              for (const file of files) form.append("file", file, file.name);
              return form;
            },
          }),
        );
      }
      await refresh();
    } catch (err) {
      await dialogs.message("error", messageOf(err));
    } finally {
      setSending(false);
    }
  };

  const sendTemplate = async (whatsappTemplate: TemplatePayload) => {
    unwrap(
      await api.POST("/social-chat/chat/room/{id}/send-message", {
        params: { path: { id: room.id } },
        body: { type: "ws-template", whatsappTemplate, userId: viewer.userId },
      }),
    );
    await refresh();
  };

  const shown = useMemo(() => chronological(messages.newestFirst), [messages.newestFirst]);
  const whatsapp = room.channelType === "WHATSAPP";
  const windowClosed = outsideWhatsappWindow(room.channelType, shown);

  let footer: React.ReactNode;
  if (actions.locked) {
    footer = <MessageComposer onSend={() => {}} disabled />;
  } else if (actions.closed) {
    footer = (
      <p className={s.notice} role="status">
        {CLOSED_NOTICE}
      </p>
    );
  } else if (whatsapp && windowClosed && messages.isSuccess) {
    footer = (
      <div className={s.notice}>
        <span role="status">{WINDOW_NOTICE}</span>
        <Button size="sm" variant="outline" onClick={() => setTemplates(true)}>
          Choose template
        </Button>
      </div>
    );
  } else {
    footer = (
      <MessageComposer
        onSend={(m) => void send(m)}
        sending={sending}
        accept={acceptFor(room.channelType)}
        onChooseTemplate={whatsapp ? () => setTemplates(true) : undefined}
      />
    );
  }

  return (
    <div className={s.panel}>
      <header className={s.panelHeader}>
        {onBack && (
          <Button variant="ghost" size="sm" aria-label="Back to chats" onClick={onBack}>
            <span aria-hidden="true">←</span> Chats
          </Button>
        )}
        <div className={s.who}>
          <ChannelIcon type={room.channelType} size={32} />
          <div style={{ minWidth: 0 }}>
            <h2 className={s.roomName}>{room.name}</h2>
            <span className={s.channelName}>
              {room.channelName} · {channelLabel(room.channelType)}
            </span>
          </div>
          <Badge tone={chatroomStatusTone(room.chatroomStatus)} variant="soft">
            {chatroomStatusLabel(room.chatroomStatus)}
          </Badge>
        </div>
        <div className={s.headerActions}>
          {actions.assignAgent && (
            <Button size="sm" onClick={() => setPicker("Assign Agent")}>
              {actions.statusLabel === "Closed" ? "Assign Agent" : actions.statusLabel}
            </Button>
          )}
          {actions.assignYourself && (
            <Button
              size="sm"
              variant="outline"
              loading={busyAgent === viewer.userId}
              onClick={() => void assignYourself()}
            >
              Assign Yourself
            </Button>
          )}
          {!actions.assignYourself && <span className={s.channelName}>{actions.statusLabel}</span>}
          {actions.reassign && (
            <Button size="sm" variant="outline" onClick={() => setPicker("Reassign")}>
              Reassign
            </Button>
          )}
          {actions.unassign && (
            <Button size="sm" variant="outline" tone="secondary" onClick={() => void unassign()}>
              Unassign
            </Button>
          )}
          {actions.close && (
            <Button size="sm" variant="outline" tone="danger" onClick={() => void close()}>
              Close ticket
            </Button>
          )}
        </div>
      </header>
      <MessageList
        messages={shown}
        loading={messages.isPending}
        error={messages.isError && !messages.data ? messageOf(messages.error) : null}
        onRetry={() => void messages.refetch()}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        onLoadOlder={() => void messages.fetchNextPage()}
      />
      {footer}
      {picker && (
        <AgentDialog
          room={room}
          open
          title={picker}
          onOpenChange={(open) => !open && setPicker(null)}
          busyAgentId={busyAgent}
          onPick={(agent: Agent) => assign(agent.user_id, agent.user_id === viewer.userId)}
        />
      )}
      {whatsapp && (
        <TemplateDialog
          channelId={room.channelId}
          open={templates}
          onOpenChange={setTemplates}
          onSend={sendTemplate}
        />
      )}
    </div>
  );
}

/**
 * The conversation, oldest at the top: virtualised (overscan 10, rows measured), kept at the bottom while the
 * user is there when new messages arrive, and older pages loaded when the top comes into view.
 */
function MessageList({
  messages,
  loading,
  error,
  onRetry,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: ChatMessage[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const scroller = useRef<HTMLElement>(null);
  const atBottom = useRef(true);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_MESSAGE_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => messages[index]?.id ?? index,
  });
  const first = messages[0]?.id;
  const last = messages.at(-1)?.id;
  const previous = useRef<{ first?: string; last?: string; count: number }>({ count: 0 });

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { first, last, count: messages.length };
    if (messages.length === 0) return;
    if (before.count > 0 && first !== before.first && last === before.last) {
      // Older messages came in above: keep the one that was at the top in view.
      virtualizer.scrollToIndex(messages.length - before.count, { align: "start" });
    } else if (last !== before.last && atBottom.current) {
      virtualizer.scrollToIndex(messages.length - 1, { align: "end" });
    }
  }, [first, last, messages.length, virtualizer]);

  if (loading) {
    return (
      <div className={s.centre}>
        <Spinner label="Loading messages" showLabel />
      </div>
    );
  }
  if (error) {
    return (
      <div className={s.centre} role="alert">
        <p className={s.note}>{error}</p>
        <Button variant="outline" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  if (messages.length === 0) {
    return (
      <div className={s.centre}>
        <p className={s.note}>No messages in this chat yet.</p>
      </div>
    );
  }
  return (
    <section
      ref={scroller}
      className={s.messages}
      data-testid="message-scroller"
      aria-label="Message history"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        if (el.scrollTop < 120 && hasOlder && !loadingOlder) onLoadOlder();
      }}
    >
      <ol className={s.virtualList} aria-label="Messages" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index];
          if (!message) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={`${s.virtualRow} ${s.messageRow}`}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <MessageBubble message={message} />
              {message.chatroomStatusLogs.map((log, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: status logs have no id and never reorder
                <StatusLogLine key={i} log={log} at={log.createdAt} />
              ))}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
