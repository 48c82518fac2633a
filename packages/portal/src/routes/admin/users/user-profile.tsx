import {
  formatContactNumber,
  formatDate,
  formatDateTime,
  formatSgd,
  roleLabel,
  sgdToCents,
  statusLabel,
} from "@herald/domain";
import { Badge, type BadgeTone, Breadcrumb, Card, PageLayout } from "@herald/ui";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { $api } from "../../../api";
import { routerLink } from "../../../shell/link";
import { useProfile } from "../../../shell/use-profile";
import { editRefusal } from "./user-rules";
import * as s from "./users.css";
import {
  LoadFailed,
  OnlineBadge,
  PageLoading,
  USERS_LIST,
  type User,
  useLoadFailure,
  userEditPath,
} from "./users.shared";

const statusTone: Record<ReturnType<typeof statusLabel>, BadgeTone> = {
  Active: "success",
  Inactive: "warning",
  Deleted: "danger",
  Invalid: "secondary",
};

const credit = (sgd: number) => {
  try {
    return formatSgd(sgdToCents(sgd));
  } catch {
    return "-";
  }
};

function Details({ user }: { user: User }) {
  const status = statusLabel(user.status);
  const rows: [string, ReactNode][] = [
    ["Account ID", user.companyId],
    ["Full Name", `${user.firstName} ${user.lastName ?? ""}`.trim()],
    ["Email", user.email],
    ["Contact Number", formatContactNumber(user.contactNumber)],
    ["Joining Date", formatDate(user.createdAt)],
    [
      "Departments",
      user.dept.length ? (
        <span key="depts" className={s.badges}>
          {user.dept.map((d) => (
            <Badge key={d.id} tone="info" variant="soft">
              {d.name}
            </Badge>
          ))}
        </span>
      ) : (
        "-"
      ),
    ],
    ...(user.status === "deleted"
      ? [["Deleted at", formatDateTime(user.deletedAt)] as [string, ReactNode]]
      : []),
    [
      "Status",
      <span key="status" className={s.badges}>
        <Badge tone={statusTone[status]}>{status}</Badge>
        <OnlineBadge status={user.userStatus} />
      </span>,
    ],
    ["Role", roleLabel({ userRole: user.userRole, isOwner: user.isOwner })],
    ["2FA", user.login2fa === "Y" ? "Enabled" : "Disabled"],
    ["Credit", credit(user.totalCredit)],
  ];
  return (
    <dl className={s.details}>
      {rows.map(([label, value]) => (
        <div key={label} className={s.pair}>
          <dt className={s.term}>{label}</dt>
          <dd className={s.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** User profile: one user's details; Edit Profile for users the admin may change. */
export default function UserProfile() {
  const { id = "" } = useParams();
  const me = useProfile().data;
  const user = $api.useQuery("post", "/getUser", { body: { id } });
  useLoadFailure(user.error);
  const refusal = user.data ? editRefusal(user.data, me?.userId) : null;
  return (
    <PageLayout>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Users", href: USERS_LIST },
          { label: "User Profile" },
        ]}
        renderLink={routerLink}
      />
      <Card
        title="User Profile"
        actions={
          user.data && !refusal ? (
            <Link to={userEditPath(user.data.id)} className={s.secondaryLink}>
              Edit Profile
            </Link>
          ) : undefined
        }
      >
        {user.isPending ? (
          <PageLoading label="Loading the user" />
        ) : user.data ? (
          <Details user={user.data} />
        ) : (
          <LoadFailed />
        )}
      </Card>
    </PageLayout>
  );
}
