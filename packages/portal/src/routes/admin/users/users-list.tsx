import { ApiError, type operations, unwrap } from "@herald/api-client";
import {
  confirm2faText,
  formatAmount,
  formatContactNumber,
  formatDate,
  isOwnerFlag,
  MESSAGES,
  roleLabel,
  sgdToCents,
} from "@herald/domain";
import {
  Badge,
  Breadcrumb,
  Card,
  Checkbox,
  DataTable,
  type DataTableColumn,
  type DataTableRowAction,
  PageLayout,
  StatCard,
} from "@herald/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { $api, api } from "../../../api";
import { useDialogs } from "../../../dialogs";
import { routerLink } from "../../../shell/link";
import { useProfile } from "../../../shell/use-profile";
import { PAGE_SIZES, useServerTable } from "../use-server-table";
import { ActionsMenu } from "./actions-menu";
import * as s from "./users.css";
import {
  OnlineBadge,
  StatusBadge,
  type User,
  useRefreshUserData,
  userEditPath,
  userProfilePath,
} from "./users.shared";

const fullName = (u: Pick<User, "firstName" | "lastName">) => `${u.firstName} ${u.lastName ?? ""}`.trim();
type UserListQuery = NonNullable<operations["userList"]["parameters"]["query"]>;
type UserSort = NonNullable<UserListQuery["sort"]>;
const SORTS: readonly string[] = [
  "name",
  "userRole",
  "dept",
  "contactNumber",
  "totalCredit",
  "createdAt",
  "login2fa",
] satisfies UserSort[];
const isUserSort = (id: string | undefined): id is UserSort => id !== undefined && SORTS.includes(id);

/** No menu on your own row; Edit and Delete are not offered for deleted users or the owner. */
const unchangeable = (u: User) => u.status === "deleted" || isOwnerFlag(u.isOwner);
const creditText = (sgd: number) => {
  try {
    return formatAmount(sgdToCents(sgd));
  } catch {
    return "-";
  }
};

function UsersCell({ user, isMe }: { user: User; isMe: boolean }) {
  return (
    <span className={s.userCell}>
      <Link to={userProfilePath(user.id)} className={s.link}>
        {fullName(user)}
      </Link>
      {isMe && (
        <Badge tone="primary" aria-label="This is you">
          ME
        </Badge>
      )}
      <OnlineBadge status={user.userStatus} />
      <StatusBadge status={user.status} />
    </span>
  );
}

/** Users: the company's users page by page, the user limit, Add User, 2FA in bulk, and each row's menu. */
export default function UsersList() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const refresh = useRefreshUserData();
  const me = useProfile().data;
  const myId = me?.userId;
  const { query, tableProps, resetPage } = useServerTable({ pageSizes: PAGE_SIZES.people });
  const [ownDept, setOwnDept] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const { sort, order, ...paging } = query;
  const listQuery: UserListQuery = {
    ...paging,
    ...(isUserSort(sort) ? { sort, ...(order ? { order } : {}) } : {}),
    ...(ownDept ? { ownDept: true } : {}),
  };
  const list = $api.useQuery(
    "get",
    "/userList",
    { params: { query: listQuery } },
    { placeholderData: keepPreviousData },
  );
  const limit = $api.useQuery("get", "/getUserLimit");
  const canAdd = limit.data !== undefined && limit.data.totalUser < limit.data.totalAllowed;

  const setTwoFactor = async (enable: boolean) => {
    const userIds = selected;
    if (userIds.length === 0) return;
    const ok = await dialogs.confirm({
      title: confirm2faText(enable, userIds.length),
      confirmLabel: enable ? "Enable 2FA" : "Disable 2FA",
    });
    if (!ok) return;
    setBusy(true);
    try {
      unwrap(await api.POST("/editLogin2Fa", { body: { userIds, login2fa: enable ? "Y" : "N" } }));
      setSelected([]);
      await refresh();
      await dialogs.message("success", MESSAGES.login2faUpdated);
    } catch {
      await dialogs.message("error", MESSAGES.errorUpdatingData);
    } finally {
      setBusy(false);
    }
  };

  const deleteUser = async (user: User) => {
    const ok = await dialogs.confirm({
      title: MESSAGES.confirmDeleteUser,
      text: `${fullName(user)} (${user.email}) will no longer be able to sign in. Their record stays in this list, marked deleted.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!ok) return;
    try {
      unwrap(
        await api.POST("/deleteUser", { body: { id: user.id, ...(myId ? { currentUserId: myId } : {}) } }),
      );
      setSelected((ids) => ids.filter((id) => id !== user.id));
      await refresh();
      await dialogs.message("success", MESSAGES.userDeleted);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        await dialogs.message("error", MESSAGES.errorUpdatingData);
      else await dialogs.message("warning", MESSAGES.somethingWentWrong);
    }
  };

  const columns = useMemo<DataTableColumn<User>[]>(
    () => [
      {
        id: "name",
        header: "Users",
        text: fullName,
        sortable: true,
        cell: (u) => <UsersCell user={u} isMe={u.id === myId} />,
      },
      {
        id: "userRole",
        header: "Roles",
        text: (u) => roleLabel({ userRole: u.userRole, isOwner: u.isOwner }),
        sortable: true,
        priority: "sm",
      },
      {
        id: "dept",
        header: "Depts",
        text: (u) => (u.dept.length ? u.dept.map((d) => d.name).join(", ") : "-"),
        sortable: true,
        priority: "lg",
      },
      {
        id: "contactNumber",
        header: "Contact No.",
        text: (u) => formatContactNumber(u.contactNumber),
        cell: (u) => <span className={s.nowrap}>{formatContactNumber(u.contactNumber)}</span>,
        sortable: true,
        priority: "xl",
      },
      {
        id: "totalCredit",
        header: "Credit (SGD)",
        text: (u) => creditText(u.totalCredit),
        sortable: true,
        align: "end",
        priority: "md",
      },
      {
        id: "createdAt",
        header: "Joined",
        text: (u) => formatDate(u.createdAt),
        sortable: true,
        priority: "lg",
      },
      {
        id: "login2fa",
        header: "2FA Enabled",
        text: (u) => (u.login2fa === "Y" ? "Yes" : "No"),
        sortable: true,
        align: "center",
        priority: "md",
      },
    ],
    [myId],
  );

  const deleteRef = useRef(deleteUser);
  deleteRef.current = deleteUser;
  const rowActions = useMemo<DataTableRowAction<User>[]>(
    () => [
      {
        label: "View Details",
        onSelect: (u) => navigate(userProfilePath(u.id)),
        hidden: (u) => u.id === myId,
      },
      {
        label: "Edit",
        onSelect: (u) => navigate(userEditPath(u.id)),
        hidden: (u) => u.id === myId || unchangeable(u),
      },
      {
        label: "Delete",
        tone: "danger",
        onSelect: (u) => void deleteRef.current(u),
        hidden: (u) => u.id === myId || unchangeable(u),
      },
    ],
    [myId, navigate],
  );

  const rows = list.data?.data ?? [];
  return (
    <PageLayout>
      <Breadcrumb
        items={[{ label: "Home", href: "/apps/social-chat" }, { label: "Users" }]}
        renderLink={routerLink}
      />
      <Card
        title="Users"
        actions={
          canAdd ? (
            <Link to="/user-manage/user-add" className={s.primaryLink}>
              Add User
            </Link>
          ) : undefined
        }
      >
        <div className={s.stack}>
          <div className={s.stats}>
            <StatCard label="Total Users Allowed" value={limit.data?.totalAllowed ?? "-"} tone="info" />
            <StatCard label="Number of Users" value={limit.data?.totalUser ?? "-"} tone="primary" />
          </div>
          {limit.data && !canAdd && (
            <p className={s.note}>
              Your account has reached its user limit, so no more users can be added. Contact Herald support
              to raise it.
            </p>
          )}
          <DataTable<User>
            mode="server"
            label="Users"
            data={rows}
            total={list.data?.total ?? 0}
            columns={columns}
            getRowId={(u) => u.id}
            getRowLabel={fullName}
            {...tableProps}
            searchLabel="Search by name"
            searchPlaceholder="Search by name…"
            loading={list.isFetching}
            error={list.isError ? MESSAGES.invalidOrExpiredToken : null}
            onRetry={() => void list.refetch()}
            selectable
            selectedIds={selected}
            onSelectionChange={(ids) => setSelected(ids)}
            bulkActions={() => (
              <ActionsMenu
                label="Actions"
                disabled={selected.length === 0 || busy}
                actions={[
                  { label: "Enable 2FA", onSelect: () => void setTwoFactor(true) },
                  { label: "Disable 2FA", onSelect: () => void setTwoFactor(false) },
                ]}
              />
            )}
            rowActions={rowActions}
            toolbar={
              <Checkbox
                label="Show own department"
                checked={ownDept}
                onCheckedChange={(checked) => {
                  setOwnDept(checked === true);
                  resetPage();
                }}
              />
            }
          />
        </div>
      </Card>
    </PageLayout>
  );
}
