import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES, roleLabel, sgdToCents } from "@herald/domain";
import { AvatarMenu, CreditSummary, NotificationBell, NotificationPanel, Select } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../api";
import { useDialogs } from "../dialogs";
import { statementPath } from "../routes/credit/statement-rules";
import { clearToken, getToken } from "../session";
import { useLiveEvents } from "./event-stream";
import { routerLink } from "./link";
import { useThemePreference } from "./theme";
import { corporateTopUp, myCreditTopUp, notificationHref, type TopUpAction } from "./top-up";
import { useProfile } from "./use-profile";

/** While the event stream is open, notifications and corporate credit are also refetched this often. */
const LIVE_FALLBACK_MS = 120_000;

/** Corporate credit (admins), My Credit, notifications, online status and the avatar menu. */
export function Header() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const me = profile.data;
  const isAdmin = me?.userRole === "admin";
  // Notifications and corporate credit load once the profile has (a refused session costs one call). The
  // event stream refreshes them at once: a new notification rings the bell, a balance change updates the
  // credit boxes (My Credit comes with the profile). They are also refreshed after a refresh of the profile
  // (every 30 s while the tab is visible, and on focus): after each one while the stream is down, and every
  // LIVE_FALLBACK_MS at most while it is open.
  const company = $api.useQuery("post", "/getCompany", { body: {} }, { enabled: isAdmin });
  const notes = $api.useQuery("post", "/getNotification", {}, { enabled: me !== undefined });
  const live = useLiveEvents(me ? getToken() : null, {
    notification: () => void queryClient.invalidateQueries({ queryKey: ["post", "/getNotification"] }),
    credit: () => {
      for (const path of ["/getProfile", "/getCompany"])
        void queryClient.invalidateQueries({ queryKey: ["post", path] });
    },
  });
  const [theme, setTheme] = useThemePreference();
  const lastRefresh = useRef(0);
  const lastFallback = useRef(Date.now());
  const liveNow = useRef(live);
  liveNow.current = live;
  useEffect(() => {
    const first = lastRefresh.current === 0;
    lastRefresh.current = profile.dataUpdatedAt;
    if (first || profile.dataUpdatedAt === 0) return;
    if (liveNow.current && Date.now() - lastFallback.current < LIVE_FALLBACK_MS) return;
    lastFallback.current = Date.now();
    for (const path of ["/getNotification", "/getCompany"])
      void queryClient.invalidateQueries({ queryKey: ["post", path] }, { cancelRefetch: false });
  }, [profile.dataUpdatedAt, queryClient]);
  const markRead = $api.useMutation("post", "/updateNotification");
  const setStatus = $api.useMutation("post", "/updateStatus");
  const [panelOpen, setPanelOpen] = useState(false);
  const [sending, setSending] = useState(false);

  const topUp = (action: TopUpAction) => {
    if ("open" in action) navigate(action.open);
    else void requestTopUp();
  };

  /** A user's request to the company's admins (a corporate request is the credit summary's, with its own dialog). */
  const requestTopUp = async () => {
    const ok = await dialogs.confirm({ title: MESSAGES.confirmTopUpRequestAdmin, confirmLabel: "Send" });
    if (!ok) return;
    setSending(true);
    try {
      unwrap(await api.POST("/topupReq", { body: { topUpType: 2 } }));
      await dialogs.message("success", MESSAGES.topUpRequestSent);
    } catch (err) {
      await dialogs.message("warning", err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
    } finally {
      setSending(false);
    }
  };

  const logout = async () => {
    if (!(await dialogs.confirm({ title: MESSAGES.confirmLogout, confirmLabel: "Log Out" }))) return;
    const token = getToken();
    clearToken();
    await api.POST("/logout", { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
    queryClient.clear();
    navigate("/login", { replace: true });
  };

  const closePanel = (ids: (string | number)[]) => {
    setPanelOpen(false);
    const unread = (notes.data?.data ?? []).filter((n) => n.status === "unread").map((n) => n.id);
    if (unread.length === 0 || ids.length === 0) return;
    markRead.mutate(
      { body: { notificationIds: ids.map(String) } },
      { onSettled: () => queryClient.invalidateQueries({ queryKey: ["post", "/getNotification"] }) },
    );
  };

  const changeStatus = (status: "online" | "offline") => {
    if (!me || status === me.userStatus) return;
    setStatus.mutate(
      { body: { id: me.userId, status } },
      {
        onSuccess: () => queryClient.invalidateQueries({ queryKey: ["post", "/getProfile"] }),
        onError: () => void dialogs.message("warning", MESSAGES.somethingWentWrong),
      },
    );
  };

  if (!me) return null;
  const name = `${me.firstName} ${me.lastName ?? ""}`.trim();
  const corporate = corporateTopUp(me);
  return (
    <>
      <CreditSummary
        credits={[
          ...(corporate && company.data
            ? [
                {
                  label: "Corporate Credit",
                  cents: sgdToCents(company.data.companyCredit),
                  onTopUp: () => topUp(corporate),
                  topUpLabel: "Buy credit",
                  topUpName: "Buy credit for the company",
                  detailsHref: statementPath(),
                  renderLink: routerLink,
                },
              ]
            : []),
          {
            label: "My Credit",
            cents: sgdToCents(me.userCredit),
            onTopUp: () => topUp(myCreditTopUp(me)),
            pending: sending,
            detailsHref: statementPath(me.userId),
            renderLink: routerLink,
          },
        ]}
      />
      <Select
        label="Status"
        hideLabel
        size="sm"
        value={me.userStatus}
        options={[
          { value: "online", label: "Online", disabled: me.userStatus === "online" },
          { value: "offline", label: "Offline", disabled: me.userStatus === "offline" },
        ]}
        onValueChange={(v) => changeStatus(v as "online" | "offline")}
      />
      <NotificationBell
        unread={notes.data?.count ?? 0}
        expanded={panelOpen}
        onClick={() => setPanelOpen(true)}
      />
      <NotificationPanel
        open={panelOpen}
        onClose={closePanel}
        notifications={(notes.data?.data ?? []).map((n) => ({ ...n, createdAt: n.created_at }))}
        requestHref={notificationHref}
        renderLink={routerLink}
      />
      <AvatarMenu
        name={name}
        roleLabel={roleLabel({ userRole: me.userRole, isOwner: me.isOwner })}
        profileHref="/admin/profile"
        settingsHref="/admin/profile-settings"
        onLogout={() => void logout()}
        renderLink={routerLink}
        theme={theme}
        onThemeChange={setTheme}
      />
    </>
  );
}
