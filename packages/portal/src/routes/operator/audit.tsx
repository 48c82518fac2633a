import { AuditLogView } from "../audit/audit-view";
import * as s from "../screen.css";

/** /operator/audit: every company's and the console's audit log. */
export default function OperatorAudit() {
  return (
    <div className={s.page}>
      <div className={s.headerRow}>
        <h1 className={s.heading}>Audit log</h1>
      </div>
      <p className={s.lead}>
        Who did what and when, in every company and in this console. Entries are never changed or removed.
      </p>
      <AuditLogView area="operator" />
    </div>
  );
}
