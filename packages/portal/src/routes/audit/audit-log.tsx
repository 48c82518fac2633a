import { Breadcrumb, PageHeader, PageLayout } from "@herald/ui";
import { routerLink } from "../../shell/link";
import * as u from "../admin/users/users.css";
import { AuditLogView } from "./audit-view";

/** /user-manage/audit-log: who did what and when in the company (admins only). */
export default function AuditLog() {
  return (
    <PageLayout>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "User Management" },
          { label: "Audit Log" },
        ]}
        renderLink={routerLink}
      />
      <PageHeader title="Audit Log" />
      <p className={u.muted}>
        Who did what and when in your company: users and permissions, credit, sender IDs, numbers and
        sign-ins. Entries are never changed or removed.
      </p>
      <AuditLogView area="company" />
    </PageLayout>
  );
}
