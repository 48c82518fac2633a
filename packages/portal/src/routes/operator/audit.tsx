import { PageHeader, PageLayout } from "@herald/ui";
import { AuditLogView } from "../audit/audit-view";

/** /operator/audit: every company's and the console's audit log. */
export default function OperatorAudit() {
  return (
    <PageLayout inset="none">
      <PageHeader
        title="Audit log"
        description="Who did what and when, in every company and in this console. Entries are never changed or removed."
      />
      <AuditLogView area="operator" />
    </PageLayout>
  );
}
