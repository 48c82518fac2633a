import { unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Card,
  MultiSelect,
  PageHeader,
  PageLayout,
  Spinner,
  Switch,
  Textarea,
} from "@herald/ui";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { $api, api } from "../../../api";
import { useDialogs } from "../../../dialogs";
import { routerLink } from "../../../shell/link";
import { useProfile } from "../../../shell/use-profile";
import { approvedSenderIds, userSenderIdOptions, userSenderIdValue } from "../../sender-ids/sender-id-rules";
import { ProfileFields, RoleInfo } from "./user-form";
import {
  editRefusal,
  type FormErrors,
  type ProfileValues,
  profileBody,
  profileFromUser,
  recheckProfile,
  validateProfile,
} from "./user-rules";
import * as s from "./users.css";
import {
  LoadFailed,
  PageLoading,
  serverMessage,
  USERS_LIST,
  type User,
  useLoadFailure,
  useRefreshUserData,
  userCreditPath,
  userEditPath,
  userProfilePath,
} from "./users.shared";

const SENDER_IDS_MAX = 50;
const SENDER_IDS_PATH = "/sms-mgt/sender-ids";
const AUTO_REPLY_MAX = 1000;

/** The User Profile and User Credit tabs: links, as each tab is a page of its own. */
function EditTabs({ id }: { id: string }) {
  return (
    <nav aria-label="Edit user">
      <ul className={s.tabLinks}>
        <li>
          <Link to={userEditPath(id)} className={s.tabLink} aria-current="page">
            User Profile
          </Link>
        </li>
        <li>
          <Link to={userCreditPath(id)} className={s.tabLink}>
            User Credit
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function ProfileForm({ user }: { user: User }) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const refresh = useRefreshUserData();
  const [values, setValues] = useState<ProfileValues>(() => profileFromUser(user));
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = validateProfile(values);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmUpdate }))) return;
    setSaving(true);
    try {
      unwrap(await api.POST("/editUserProfile", { body: { id: user.id, ...profileBody(values) } }));
      await refresh();
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
      navigate(USERS_LIST);
    } catch (err) {
      await dialogs.message("error", serverMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="User Profile" subtitle="Fields marked * are required.">
      <form className={s.form} onSubmit={submit} noValidate>
        <ProfileFields
          values={values}
          errors={errors}
          disabled={saving}
          onChange={(next, changed) => {
            setValues(next);
            setErrors((e) => recheckProfile(e, next, changed));
          }}
        />
        <div className={s.actions}>
          <Link to={USERS_LIST} className={s.secondaryLink}>
            Cancel
          </Link>
          <Button type="submit" loading={saving}>
            Save Changes
          </Button>
        </div>
      </form>
    </Card>
  );
}

function SenderIdsForm({ user }: { user: User }) {
  const dialogs = useDialogs();
  const refresh = useRefreshUserData();
  // The user's sender IDs are chosen among the company's approved ones (the registry).
  const registry = $api.useQuery("get", "/senderIdRegistry");
  const approved = approvedSenderIds(registry.data?.data ?? []);
  const [chosen, setChosen] = useState<string[]>(() => [...(user.senderIds ?? [])]);
  const senderIds = userSenderIdValue(approved, chosen);
  const options = userSenderIdOptions(approved, senderIds);
  const [allow, setAllow] = useState(user.isAllowSID === 1);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const check = (ids: string[]) => {
    if (registry.data && ids.some((id) => !approved.some((a) => a.toLowerCase() === id.toLowerCase())))
      return "Take off the sender IDs that are no longer approved.";
    if (ids.length > SENDER_IDS_MAX) return `At most ${SENDER_IDS_MAX} sender IDs.`;
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check(senderIds);
    setError(problem);
    if (problem) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmUpdate }))) return;
    setSaving(true);
    try {
      unwrap(
        await api.POST("/editSenderId", { body: { id: user.id, senderIds, isAllowSID: allow ? 1 : 0 } }),
      );
      await refresh();
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
    } catch (err) {
      await dialogs.message("error", serverMessage(err, MESSAGES.errorUpdatingData));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-labelledby="sender-ids-heading">
      <h3 id="sender-ids-heading" className={s.infoTerm}>
        Sender IDs
      </h3>
      {registry.isPending ? (
        <Spinner label="Loading your company's sender IDs" showLabel />
      ) : (
        <>
          {approved.length === 0 && (
            <p className={s.note}>
              Your company has no approved sender ID yet.{" "}
              <Link to={SENDER_IDS_PATH} className={s.link}>
                Request a sender ID
              </Link>
            </p>
          )}
          <MultiSelect
            label="Allowed Sender IDs"
            options={options}
            value={senderIds}
            onValueChange={(ids) => {
              setChosen(ids);
              if (error) setError(check(ids));
            }}
            placeholder={approved.length ? "Choose among your approved sender IDs…" : "No approved sender ID"}
            emptyText="No approved sender ID matches"
            help={
              registry.isError
                ? "Your company's sender IDs did not load; the user's current ones are shown."
                : "The names recipients see as the sender of this user's SMS, among your company's approved sender IDs."
            }
            error={error}
            disabled={saving}
          />
        </>
      )}
      <Switch
        label="Allow sender IDs"
        description="When off, this user sends SMS with the company's default sender."
        checked={allow}
        onCheckedChange={setAllow}
        disabled={saving}
      />
      <div className={s.actions}>
        <Button type="submit" variant="outline" loading={saving}>
          Save Sender IDs
        </Button>
      </div>
    </form>
  );
}

function SmsSettingsForm({ user }: { user: User }) {
  const dialogs = useDialogs();
  const refresh = useRefreshUserData();
  const [autoReply, setAutoReply] = useState(user.autoReply === 1);
  const [message, setMessage] = useState(user.autoReplyMessage ?? "");
  const [autoForward, setAutoForward] = useState(user.autoForward === 1);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = autoReply && !message.trim() ? MESSAGES.required : undefined;
    setError(problem);
    if (problem) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmUpdate }))) return;
    setSaving(true);
    try {
      unwrap(
        await api.POST("/editSmsSetting", {
          body: {
            id: user.id,
            autoReply: autoReply ? 1 : 0,
            autoReplyMessage: autoReply ? message.trim() : null,
            autoForward: autoForward ? 1 : 0,
          },
        }),
      );
      if (!autoReply) setMessage("");
      await refresh();
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
    } catch (err) {
      await dialogs.message("error", serverMessage(err, MESSAGES.errorUpdatingData));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-labelledby="auto-reply-heading">
      <h3 id="auto-reply-heading" className={s.infoTerm}>
        Auto-reply and forwarding
      </h3>
      <Switch
        label="Auto-reply"
        description="Answer SMS sent to this user with a message of your own."
        checked={autoReply}
        onCheckedChange={(on) => {
          setAutoReply(on);
          if (!on) setError(undefined);
        }}
        disabled={saving}
      />
      {autoReply && (
        <Textarea
          label="Auto-reply Message"
          required
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            if (error) setError(e.target.value.trim() ? undefined : MESSAGES.required);
          }}
          maxLength={AUTO_REPLY_MAX}
          showCounter
          rows={3}
          error={error}
          disabled={saving}
        />
      )}
      <Switch
        label="Auto-forward"
        description="Also forward SMS replies to this user to their e-mail address."
        checked={autoForward}
        onCheckedChange={setAutoForward}
        disabled={saving}
      />
      <div className={s.actions}>
        <Button type="submit" variant="outline" loading={saving}>
          Save SMS Settings
        </Button>
      </div>
    </form>
  );
}

function Refused({ user, reason, isMe }: { user: User; reason: string; isMe: boolean }) {
  return (
    <Card title="This user cannot be edited">
      <div className={s.form}>
        <p className={s.muted}>{reason}</p>
        <div className={s.actions}>
          {isMe && (
            <Link to="/admin/profile-settings" className={s.secondaryLink}>
              Account Settings
            </Link>
          )}
          <Link to={userProfilePath(user.id)} className={s.secondaryLink}>
            View Profile
          </Link>
          <Link to={USERS_LIST} className={s.primaryLink}>
            Back to Users
          </Link>
        </div>
      </div>
    </Card>
  );
}

/** Edit user, User Profile tab: the profile form and the user's SMS settings. */
export default function UserEdit() {
  const { id = "" } = useParams();
  const me = useProfile().data;
  const user = $api.useQuery("post", "/getUser", { body: { id } });
  useLoadFailure(user.error);
  const data = user.data;
  const refusal = data && me ? editRefusal(data, me.userId) : null;

  let body: ReactNode;
  if (user.isPending || !me) body = <PageLoading label="Loading the user" />;
  else if (!data) body = <LoadFailed />;
  else if (refusal) body = <Refused user={data} reason={refusal} isMe={data.id === me.userId} />;
  else
    body = (
      <div className={s.columns}>
        <div className={s.stack}>
          <ProfileForm key={`${data.id}-profile`} user={data} />
          <Card title="SMS settings">
            <div className={s.stack}>
              <SenderIdsForm user={data} />
              <SmsSettingsForm user={data} />
            </div>
          </Card>
        </div>
        <div className={s.stack}>
          <RoleInfo />
        </div>
      </div>
    );

  return (
    <PageLayout>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Users", href: USERS_LIST },
          { label: "Edit User" },
        ]}
        renderLink={routerLink}
      />
      <PageHeader
        title={<>Edit User{data ? `: ${data.firstName} ${data.lastName ?? ""}`.trimEnd() : ""}</>}
      />
      <EditTabs id={id} />
      {body}
    </PageLayout>
  );
}
