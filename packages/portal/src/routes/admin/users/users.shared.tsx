import { ApiError, type Schema } from "@herald/api-client";
import { MESSAGES, statusLabel } from "@herald/domain";
import { Badge, Spinner } from "@herald/ui";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { useDialogs } from "../../../dialogs";
import { sessionEnded } from "../../../session";
import { creditTabPath } from "../../../shell/top-up";
import * as s from "./users.css";

export type User = Schema<"User">;

export const USERS_LIST = "/user-manage/users-list";
export const userProfilePath = (id: string) => `/user-manage/user-profile/${id}`;
export const userEditPath = (id: string) => `/user-manage/user-edit/${id}`;
export const userCreditPath = (id: string) => creditTabPath(id);

/** The message of a failed call: the server's text when it answered one, otherwise `fallback`. */
export function serverMessage(err: unknown, fallback: string = MESSAGES.somethingWentWrong): string {
  if (err instanceof ApiError && err.status < 500 && err.message) return err.message;
  return fallback;
}

/** Lists and figures that a change to users moves: the list, the counts, the balances, the profiles. */
export async function refreshUserData(queryClient: QueryClient) {
  await Promise.all(
    [
      ["get", "/userList"],
      ["get", "/getUserLimit"],
      ["post", "/getUser"],
      ["post", "/getCompany"],
      ["get", "/summaryList"],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
export const useRefreshUserData = () => {
  const queryClient = useQueryClient();
  return () => refreshUserData(queryClient);
};

/**
 * A user page whose data did not load: 'Invalid or expired token', then the users list.
 * A refused session is the session watcher's to announce, so it is not told twice.
 */
export function useLoadFailure(error: unknown) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (!error || told.current || sessionEnded()) return;
    told.current = true;
    void dialogs
      .message("error", MESSAGES.invalidOrExpiredToken)
      .then(() => navigate(USERS_LIST, { replace: true }));
  }, [error, dialogs, navigate]);
}

/** Status badge of a user who may not sign in (inactive, deleted, or an unknown status). */
export function StatusBadge({ status }: { status: string }) {
  const label = statusLabel(status);
  if (label === "Active") return null;
  return (
    <Badge tone={label === "Inactive" ? "warning" : "danger"} variant="soft">
      {label}
    </Badge>
  );
}

/** Online or offline, as the user set it. */
export function OnlineBadge({ status }: { status: string }) {
  const online = status === "online";
  return (
    <Badge tone={online ? "success" : "secondary"} variant="soft">
      {online ? "Online" : "Offline"}
    </Badge>
  );
}

export function PageLoading({ label }: { label: string }) {
  return (
    <div className={s.center}>
      <Spinner label={label} showLabel />
    </div>
  );
}

/** What a user page shows when its user did not load (the dialog says why, then leads to the list). */
export function LoadFailed() {
  return (
    <div className={s.form}>
      <p className={s.muted}>{MESSAGES.invalidOrExpiredToken}</p>
      <div className={s.actions}>
        <Link to={USERS_LIST} className={s.primaryLink}>
          Back to Users
        </Link>
      </div>
    </div>
  );
}
