import { formatContactNumber, formatDate, formatSgd, roleLabel, sgdToCents } from "@herald/domain";
import { Badge, Breadcrumb, Button, Card, PageLayout } from "@herald/ui";
import { Fragment } from "react";
import { useNavigate } from "react-router";
import { routerLink } from "../../shell/link";
import { useProfile } from "../../shell/use-profile";
import * as s from "./profile.css";

/**
 * An e-mail address with line-break opportunities after "@" and before each ".", where a reader expects
 * a long address to wrap (never inside a word).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** My Profile: read-only details with a link to Account Settings. */
export default function MyProfile() {
  const navigate = useNavigate();
  const { data: me } = useProfile();
  if (!me) return null;
  const rows: [string, React.ReactNode][] = [
    ["Account ID", me.companyId],
    ["Full Name", `${me.firstName} ${me.lastName ?? ""}`.trim()],
    ["Email", <EmailText key="email" email={me.email} />],
    ["Contact Number", formatContactNumber(me.contactNumber)],
    ["Company", me.company ?? "-"],
    ["Joining Date", formatDate(me.createdAt)],
    [
      "Departments",
      me.dept?.length ? (
        <span key="depts" className={s.badges}>
          {me.dept.map((d) => (
            <Badge key={d.id} tone="info" variant="soft">
              {d.name}
            </Badge>
          ))}
        </span>
      ) : (
        "-"
      ),
    ],
    ["Role", roleLabel({ userRole: me.userRole, isOwner: me.isOwner })],
    [
      "Status",
      <Badge key="s" tone={me.userStatus === "online" ? "success" : "secondary"}>
        {me.userStatus === "online" ? "Online" : "Offline"}
      </Badge>,
    ],
    ["Two-factor sign-in", me.login2fa === "Y" ? "Enabled" : "Disabled"],
    ["My Credit", formatSgd(sgdToCents(me.userCredit))],
  ];
  return (
    <PageLayout maxWidth={960}>
      <Breadcrumb
        items={[{ label: "Home", href: "/apps/social-chat" }, { label: "My Profile" }]}
        renderLink={routerLink}
      />
      <Card
        title="My Profile"
        actions={
          <Button onClick={() => navigate("/admin/profile-settings")} variant="outline">
            Edit Profile
          </Button>
        }
      >
        <dl className={s.details}>
          {rows.map(([label, value]) => (
            <div key={label} className={s.pair}>
              <dt className={s.term}>{label}</dt>
              <dd className={s.value}>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </PageLayout>
  );
}
