import { unwrap } from "@herald/api-client";
import { contactsWithIssues, formatContactNumber, MESSAGES } from "@herald/domain";
import { Button, FormDialog, MultiSelect } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import * as s from "./contacts.css";
import {
  type Contact,
  type ContactIssueRow,
  downloadFile,
  failure,
  issueRows,
  refreshContacts,
  reportPath,
} from "./contacts.shared";
import { distinctContacts } from "./contacts-rules";

/** Rows listed in an issues dialog (all of them are in report.xlsx when there is one). */
const SHOWN_ISSUES = 50;

/** The problem rows of an upload or of Add into Group, with the download of the error log when there is one. */
export function IssueList({ rows, importId }: { rows: readonly ContactIssueRow[]; importId?: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <div className={s.issues}>
      {importId && (
        <Button
          className={s.linkButton}
          variant="outline"
          size="sm"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setFailed(false);
            try {
              await downloadFile(reportPath(importId), "report.xlsx");
            } catch {
              setFailed(true);
            } finally {
              setBusy(false);
            }
          }}
        >
          Download error log (report.xlsx)
        </Button>
      )}
      {failed && <p className={s.note}>{MESSAGES.somethingWentWrong}</p>}
      <table className={s.issueTable}>
        <caption className={s.note}>
          {rows.length > SHOWN_ISSUES ? `The first ${SHOWN_ISSUES} rows with issues` : "Rows with issues"}
        </caption>
        <thead className={s.issueHead}>
          <tr>
            <th className={s.issueRowNumber} scope="col">
              Row
            </th>
            <th className={s.issueValue} scope="col">
              Value
            </th>
            <th className={s.issueReason} scope="col">
              Reason
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN_ISSUES).map((r) => (
            <tr key={`${r.row}-${r.mobile}-${r.issue}`} className={s.issueLine}>
              <td className={s.issueRowNumber}>
                <span className={s.phoneOnly}>Row </span>
                {r.row}
              </td>
              <td className={s.issueValue}>
                <span className={s.issueMobile}>{r.mobile || "(no number)"}</span>
                {r.name && <span className={s.issueName}>{r.name}</span>}
              </td>
              <td className={s.issueReason}>{r.issue}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Groups for a multi-select (the contract's largest page: 1000 groups). */
export function useGroupOptions(enabled = true) {
  const groups = $api.useQuery("get", "/groups", { params: { query: { limit: 1000 } } }, { enabled });
  const options = (groups.data?.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  return { options, loading: groups.isLoading, error: groups.isError };
}

/** "Add into Group": the selected contacts into the groups picked in a multi-select (/addMembers). */
export function AddIntoGroup({ contacts, onDone }: { contacts: readonly Contact[]; onDone: () => void }) {
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const groups = useGroupOptions(open);

  const submit = async () => {
    if (picked.length === 0) {
      setError(MESSAGES.required);
      return;
    }
    setSaving(true);
    try {
      unwrap(
        await api.POST("/addMembers", {
          body: { selectedRows: contacts.map((c) => c.id), selectedGroup: picked },
        }),
      );
      setOpen(false);
      setPicked([]);
      await refreshContacts(queryClient);
      onDone();
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
    } catch (err) {
      const rows = issueRows(err);
      if (rows) {
        setOpen(false);
        setPicked([]);
        await refreshContacts(queryClient);
        onDone();
        await dialogs.message(
          "warning",
          contactsWithIssues(distinctContacts(rows)),
          <IssueList rows={rows} />,
          { size: "lg" },
        );
      } else {
        const { title, text } = failure(err);
        await dialogs.message("error", title, text);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPicked([]);
          setError(undefined);
        }
      }}
      title="Add into Group"
      description={`${contacts.length} contact${contacts.length === 1 ? "" : "s"} selected: ${contacts
        .slice(0, 3)
        .map((c) => c.name || formatContactNumber(c.mobile))
        .join(", ")}${contacts.length > 3 ? "…" : ""}`}
      trigger={
        <Button size="sm" disabled={contacts.length === 0}>
          Add into Group
        </Button>
      }
      saving={saving}
      onSubmit={submit}
    >
      <MultiSelect
        label="Groups"
        required
        options={groups.options}
        value={picked}
        onValueChange={(next) => {
          setPicked(next);
          setError(undefined);
        }}
        placeholder={groups.loading ? "Loading groups…" : "Choose groups"}
        emptyText={groups.error ? MESSAGES.somethingWentWrong : "No groups yet"}
        error={error}
      />
    </FormDialog>
  );
}
