import { MESSAGES } from "@herald/domain";
import { Button, EmptyState, Spinner } from "@herald/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useSyncExternalStore } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { currentRole, getToken } from "../../session";
import { useProfile } from "../../shell/use-profile";
import { portalConfigQuery } from "../auth/auth.queries";
import Home, { type Step } from "../home";
import * as pages from "../pages.css";
import { RoomList } from "./room-list";
import * as s from "./social.css";
import { useChatEvents, useRooms } from "./social.queries";
import { CHANNELS_PATH, CHAT_PATH, NARROW_QUERY, roomPath, type Viewer } from "./social-rules";

/** The open room (composer, dialogs, templates): its code loads when a room is opened, not with the list. */
const ChatPanel = lazy(() => import("./chat-panel").then((m) => ({ default: m.ChatPanel })));

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/**
 * The shared inbox (/, /apps/social-chat, /apps/social-chat/:subscriberId): the room list (about 2/7 of the
 * width) beside the open room; up to 768 px wide, the list or the room. A company with no chat yet sees how
 * to connect its first channel or try the sandbox one.
 */
export default function SocialChat() {
  const { subscriberId } = useParams();
  const navigate = useNavigate();
  const narrow = useMediaQuery(NARROW_QUERY);
  const { data: me } = useProfile();
  const rooms = useRooms();
  useChatEvents(useQueryClient(), getToken());

  if (!me || rooms.isPending) {
    return (
      <div className={s.centre}>
        <Spinner label="Loading chats" showLabel />
      </div>
    );
  }
  if (rooms.isError && !rooms.data) {
    return (
      <div className={s.centre} role="alert">
        <EmptyState
          icon="warning"
          title="The chats could not be loaded"
          description={(rooms.error as { message?: string } | null)?.message ?? MESSAGES.somethingWentWrong}
          action={
            <Button variant="outline" onClick={() => void rooms.refetch()}>
              Retry
            </Button>
          }
        />
      </div>
    );
  }
  if (rooms.total === 0 && !subscriberId) return <Welcome />;

  const viewer: Viewer = { userId: me.userId, role: me.userRole };
  const showList = !narrow || !subscriberId;
  const showPanel = !narrow || Boolean(subscriberId);
  return (
    <div className={s.chat} data-layout={narrow ? "narrow" : "wide"} data-testid="social-chat">
      {showList && (
        <section className={s.listPane} aria-label="Chat list">
          <RoomList
            rooms={rooms.rooms}
            total={rooms.total}
            activeId={subscriberId}
            onSelect={(id) => navigate(roomPath(id))}
            hasMore={rooms.hasNextPage}
            loadingMore={rooms.isFetchingNextPage}
            onLoadMore={() => void rooms.fetchNextPage()}
          />
        </section>
      )}
      {showPanel && (
        <section className={s.panel} aria-label="Conversation">
          {subscriberId ? (
            <Suspense
              fallback={
                <div className={s.centre}>
                  <Spinner label="Loading the chat" showLabel />
                </div>
              }
            >
              <ChatPanel
                key={subscriberId}
                roomId={subscriberId}
                viewer={viewer}
                onBack={narrow ? () => navigate(CHAT_PATH) : undefined}
              />
            </Suspense>
          ) : (
            <div className={s.centre}>
              <EmptyState
                icon="inbox"
                title="Pick a chat"
                description="Choose a conversation from the list to read it and reply."
              />
            </div>
          )}
        </section>
      )}
    </div>
  );
}

/** The inbox of a company with no chat yet: connect a channel (or the sandbox one), then the first steps. */
function Welcome() {
  const config = useQuery(portalConfigQuery());
  const isAdmin = currentRole() === "admin";
  const leading: Step[] = [
    isAdmin
      ? {
          id: "channel",
          title: "Connect your first channel",
          text: "Link WhatsApp, Messenger, Telegram, LINE, Viber or another channel: your subscribers' messages arrive here, in one shared inbox.",
          link: (
            <Link to={CHANNELS_PATH} className={pages.stepLink}>
              Open Channels Management
            </Link>
          ),
        }
      : {
          id: "channel",
          title: "Wait for a channel",
          text: "No chat has reached your departments yet. Ask your administrator to connect a channel (WhatsApp, Messenger, Telegram and others) and assign it to your department.",
        },
  ];
  if (config.data?.sandbox) {
    leading.push({
      id: "sandbox-channel",
      title: "Try the sandbox channel",
      text: "No provider account needed: connect the sandbox channel in Channels Management, then play a subscriber on the sandbox page and write in. The chat appears here at once.",
      link: (
        <a href="/_sandbox" target="_blank" rel="noopener" className={pages.stepLink}>
          Open the sandbox (new tab)
        </a>
      ),
    });
  }
  return <Home leading={leading} />;
}
