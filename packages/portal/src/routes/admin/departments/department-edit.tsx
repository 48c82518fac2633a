import { ApiError, unwrap } from "@herald/api-client";
import type { components } from "@herald/api-client/schema";
import { DEPARTMENT_DESC_MAX, DEPARTMENT_NAME_MAX, MESSAGES, validateDepartmentName } from "@herald/domain";
import { Breadcrumb, Button, Card, PageHeader, PageLayout, Spinner, Textarea, TextField } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { $api, api } from "../../../api";
import { useDialogs } from "../../../dialogs";
import { routerLink } from "../../../shell/link";
import * as s from "./departments.css";

type Department = components["schemas"]["Department"];

const LIST = "/user-manage/department-list";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const editError = (value: string) => validateDepartmentName(value, { editPage: true }) ?? undefined;

function EditForm({ department }: { department: Department }) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(department.name);
  const [desc, setDesc] = useState(department.desc ?? "");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = editError(name);
    setError(invalid);
    if (invalid) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmUpdate }))) return;
    setSaving(true);
    try {
      unwrap(
        await api.POST("/editDept", { body: { id: department.id, name: name.trim(), desc: desc.trim() } }),
      );
      await queryClient.invalidateQueries({ queryKey: ["get", "/departments"] });
      await queryClient.invalidateQueries({ queryKey: ["post", "/getDept"] });
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
      navigate(LIST);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setError(err.message);
        await dialogs.message("error", err.message);
      } else if (err instanceof ApiError && err.status === 400) {
        await dialogs.message("error", MESSAGES.errorUpdatingData);
      } else {
        await dialogs.message("warning", MESSAGES.somethingWentWrong);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <TextField
        label="Department Name"
        required
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (error) setError(editError(e.target.value));
        }}
        error={error}
        maxLength={DEPARTMENT_NAME_MAX}
        showCounter
        autoComplete="off"
      />
      <Textarea
        label="Description"
        value={desc}
        onChange={(e) => setDesc(e.target.value)}
        maxLength={DEPARTMENT_DESC_MAX}
        showCounter
        rows={4}
      />
      <div className={s.actions}>
        <Button variant="outline" tone="secondary" onClick={() => navigate(-1)}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Update Department
        </Button>
      </div>
    </form>
  );
}

/** Administrator > Departments > edit one department. */
export default function DepartmentEdit() {
  const { id = "" } = useParams();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const valid = UUID.test(id);
  const dept = $api.useQuery("post", "/getDept", { body: { id } }, { enabled: valid, retry: false });
  const told = useRef(false);
  const failed = !valid || dept.isError;

  useEffect(() => {
    if (!failed || told.current) return;
    told.current = true;
    void dialogs
      .message("error", MESSAGES.invalidOrExpiredToken)
      .then(() => navigate(LIST, { replace: true }));
  }, [failed, dialogs, navigate]);

  return (
    <PageLayout>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Departments", href: LIST },
          { label: "Edit Department" },
        ]}
        renderLink={routerLink}
      />
      <PageHeader title="Edit Department" />
      <Card>
        {dept.data ? (
          <EditForm key={dept.data.id} department={dept.data} />
        ) : failed ? null : (
          <Spinner label="Loading department" />
        )}
      </Card>
    </PageLayout>
  );
}
