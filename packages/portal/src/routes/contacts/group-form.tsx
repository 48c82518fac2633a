import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, PageLayout, Spinner, TextField } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import * as s from "./contacts.css";
import {
  failure,
  GROUPS_PATH,
  HOME_CRUMB,
  refreshContacts,
  useGoBackOnError,
  useLoadedName,
} from "./contacts.shared";
import { GROUP_NAME_MAX, groupNameError } from "./contacts-rules";

/** Add Group (no id) or Edit Group (the group's id): its name, required, at most 100 characters. */
export function GroupForm({ id }: { id?: string }) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const editing = id !== undefined;
  const group = $api.useQuery(
    "post",
    "/getGroup",
    { body: { id: id ?? "", limit: 1 } },
    { enabled: editing, staleTime: 0, gcTime: 0 },
  );
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const focusName = () => requestAnimationFrame(() => nameRef.current?.focus());
  useLoadedName(group.data, setName);
  useGoBackOnError(group.error, GROUPS_PATH);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = groupNameError(name);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      if (editing) unwrap(await api.POST("/editGroup", { body: { id, name: name.trim() } }));
      else unwrap(await api.POST("/addGroup", { body: { name: name.trim() } }));
      await refreshContacts(queryClient);
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
      navigate(GROUPS_PATH);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 409 || err.status === 422)) {
        // §8: edit shows the catalogue's words; add shows the server's text (the same sentence).
        const text = editing ? MESSAGES.groupNameExists : err.message;
        // Said once, beside the name: not also in a dialog over the form.
        setError(text);
        focusName();
      } else {
        const { title, text } = failure(err);
        await dialogs.message("error", title, text);
      }
    } finally {
      setSaving(false);
    }
  };

  const title = editing ? "Edit Group" : "Add Group";
  return (
    <PageLayout maxWidth={720}>
      <Breadcrumb
        items={[HOME_CRUMB, { label: "Groups", href: GROUPS_PATH }, { label: editing ? "Edit" : "Add" }]}
        renderLink={routerLink}
      />
      <Card title={title} headingLevel={2}>
        {editing && group.isLoading ? (
          <Spinner label="Loading" />
        ) : (
          <form className={s.form} onSubmit={submit} noValidate>
            <TextField
              ref={nameRef}
              label="Group Name"
              required
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (error) setError(groupNameError(e.target.value));
              }}
              error={error}
              maxLength={GROUP_NAME_MAX}
              showCounter
              autoComplete="off"
              disabled={editing && !group.data}
            />
            <div className={s.actions}>
              <Button type="button" variant="outline" tone="secondary" onClick={() => navigate(GROUPS_PATH)}>
                Cancel
              </Button>
              <Button type="submit" loading={saving} disabled={editing && !group.data}>
                Save
              </Button>
            </div>
          </form>
        )}
      </Card>
    </PageLayout>
  );
}
