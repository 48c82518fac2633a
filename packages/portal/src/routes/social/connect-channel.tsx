import { ApiError, type Schema, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Card,
  ChannelIcon,
  channelLabel,
  EmptyState,
  MultiSelect,
  PageLayout,
  PasswordField,
  RadioGroup,
  Spinner,
  TextField,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import * as pages from "../pages.css";
import * as s from "./social.css";
import { CHANNELS_PATH, CHAT_PATH, type ChannelType } from "./social-rules";

type TypeInfo = Schema<"ChannelTypeInfo">;
type Mode = "sandbox" | "provider";

/** What a type can carry, in a line: "Text, image, video, templates, read receipts, 24-hour window". */
export function capabilityText(info: TypeInfo): string {
  const c = info.capabilities;
  const parts = [c.text ? "Text" : null, ...Object.keys(c.media ?? {})];
  if (c.templates) parts.push("templates");
  if (c.readReceipts) parts.push("read receipts");
  if (c.window24h) parts.push("24-hour reply window");
  const what = parts.filter(Boolean).join(", ");
  if (!info.provider) return `${what} · no provider connector yet`;
  // The generic connector is a bridge the company runs, not the provider's own API: say so.
  return info.connector === "generic-webhook" ? `${what} · through your own signed-webhook bridge` : what;
}

/**
 * The page the links of Connect Channel and Edit Channel open (/apps/channel-management/connect?token=…):
 * pick the type, name the channel, choose its departments, then connect the type's sandbox channel or enter
 * the provider's credentials (checked by the server with the provider before it saves them).
 */
export default function ConnectChannel() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const session = $api.useQuery(
    "get",
    "/social-chat/channel/connect",
    { params: { query: { token } } },
    { enabled: token !== "", retry: false, staleTime: 0 },
  );
  const crumbs = [
    { label: "Home", href: CHAT_PATH },
    { label: "Channels Management", href: CHANNELS_PATH },
    { label: "Connect Channel" },
  ];
  return (
    <PageLayout maxWidth={720}>
      <Breadcrumb items={crumbs} renderLink={routerLink} />
      {token === "" || session.isError ? (
        <EmptyState
          icon="warning"
          title="This link cannot be used"
          description={
            token === ""
              ? "Open Connect Channel or Edit Channel from Channels Management to get a link."
              : ((session.error as { message?: string } | null)?.message ?? MESSAGES.somethingWentWrong)
          }
          action={
            <Link to={CHANNELS_PATH} className={pages.stepLink}>
              Back to Channels Management
            </Link>
          }
        />
      ) : session.isPending ? (
        <Spinner label="Loading" showLabel />
      ) : (
        <ConnectForm token={token} session={session.data} />
      )}
    </PageLayout>
  );
}

function ConnectForm({ token, session }: { token: string; session: Schema<"ChannelConnectSession"> }) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = session.channelId !== null;
  const [type, setType] = useState<ChannelType | undefined>(session.channelType ?? undefined);
  const info = session.types.find((t) => t.channelType === type);
  const [name, setName] = useState(session.name ?? "");
  const [departments, setDepartments] = useState<string[]>(session.departmentIds);
  const [mode, setMode] = useState<Mode>(session.sandbox === false ? "provider" : "sandbox");
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<{
    type?: string;
    name?: string;
    credentials?: Record<string, string>;
  }>({});
  const [saving, setSaving] = useState(false);

  // A type without a sandbox (or without a provider connector) leaves only the other way to connect.
  useEffect(() => {
    if (!info) return;
    if (mode === "sandbox" && !info.sandbox && info.provider) setMode("provider");
    if (mode === "provider" && !info.provider && info.sandbox) setMode("sandbox");
  }, [info, mode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!type) next.type = MESSAGES.selectChannel;
    if (name.trim() === "") next.name = MESSAGES.required;
    if (mode === "provider" && info) {
      const missing = Object.fromEntries(
        info.credentialFields
          // On an edit, empty credentials keep the stored ones.
          .filter((f) => f.required && !editing && (credentials[f.key] ?? "").trim() === "")
          .map((f) => [f.key, MESSAGES.required]),
      );
      if (Object.keys(missing).length > 0) next.credentials = missing;
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !type) return;
    const filled = Object.fromEntries(Object.entries(credentials).filter(([, v]) => v.trim() !== ""));
    setSaving(true);
    try {
      unwrap(
        await api.POST("/social-chat/channel/connect", {
          body: {
            token,
            channelType: type,
            name: name.trim(),
            mode,
            departmentIds: departments,
            ...(mode === "provider" && Object.keys(filled).length > 0 ? { credentials: filled } : {}),
          },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ["get", "/social-chat/channel/company-channel"] });
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
      navigate(CHANNELS_PATH);
    } catch (err) {
      await dialogs.message("error", err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
    } finally {
      setSaving(false);
    }
  };

  const typeOptions = session.types.map((t) => ({
    value: t.channelType,
    label: (
      <span className={s.typeCell}>
        <ChannelIcon type={t.channelType} size={20} decorative />
        {channelLabel(t.channelType)}
      </span>
    ),
    description: capabilityText(t),
    disabled: editing && t.channelType !== session.channelType,
  }));

  return (
    <Card title={editing ? "Edit Channel" : "Connect Channel"} headingLevel={2}>
      <form className={s.form} onSubmit={(e) => void submit(e)} noValidate>
        <RadioGroup<ChannelType>
          label="Channel type"
          required
          orientation="horizontal"
          className={s.typeChoices}
          options={typeOptions}
          value={type}
          onValueChange={(v) => {
            setType(v);
            setErrors((e) => ({ ...e, type: undefined }));
          }}
          error={errors.type}
        />
        <TextField
          label="Channel name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <MultiSelect
          label="Departments"
          help="Users of these departments see the channel's chats; administrators see every channel."
          options={session.departments.map((d) => ({ value: d.id, label: d.name }))}
          value={departments}
          onValueChange={setDepartments}
          placeholder="Choose departments"
        />
        {info && (
          <RadioGroup<Mode>
            label="How to connect"
            required
            options={[
              {
                value: "sandbox",
                label: "Sandbox channel",
                description: info.sandbox
                  ? "No provider account needed: you play the subscriber on the sandbox page."
                  : "Not available for this type.",
                disabled: !info.sandbox || (editing && session.sandbox === false),
              },
              {
                value: "provider",
                label:
                  info.connector === "generic-webhook"
                    ? `${channelLabel(info.channelType)} through a signed-webhook bridge`
                    : `${channelLabel(info.channelType)} account`,
                description: info.provider
                  ? "Enter the credentials from the provider; they are checked before they are saved."
                  : "This type has no provider connector yet.",
                disabled: !info.provider || (editing && session.sandbox === true),
              },
            ]}
            value={mode}
            onValueChange={setMode}
          />
        )}
        {info &&
          mode === "provider" &&
          info.credentialFields.map((field) =>
            field.secret ? (
              <PasswordField
                key={field.key}
                label={field.label}
                required={field.required && !editing}
                rulesHint={null}
                autoComplete="off"
                help={editing ? "Leave empty to keep the saved value." : undefined}
                value={credentials[field.key] ?? ""}
                onChange={(e) => setCredentials((c) => ({ ...c, [field.key]: e.target.value }))}
                error={errors.credentials?.[field.key]}
              />
            ) : (
              <TextField
                key={field.key}
                label={field.label}
                required={field.required && !editing}
                autoComplete="off"
                value={credentials[field.key] ?? ""}
                onChange={(e) => setCredentials((c) => ({ ...c, [field.key]: e.target.value }))}
                error={errors.credentials?.[field.key]}
              />
            ),
          )}
        <div>
          <Button type="submit" loading={saving}>
            {editing ? "Save" : "Connect"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
