import { unwrap } from "@herald/api-client";
import { MESSAGES, splitContactNumber, stripNonDigits } from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Card,
  PageLayout,
  PhoneInput,
  type PhoneValue,
  RadioGroup,
  Spinner,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { $api, api } from "../../../api";
import { useDialogs } from "../../../dialogs";
import { routerLink } from "../../../shell/link";
import { useCompanyCountry } from "../../../shell/use-profile";
import * as s from "./mobile-sub.css";
import {
  failure,
  LIST_PATH,
  type MobileSubscription,
  mobileNumberError,
  refreshList,
  type SubscriptionType,
  statusBadge,
  TYPE_OPTIONS,
} from "./mobile-sub.shared";

/** Edit a mobile subscription: its number and its type. A missing record says so and goes home. */
export default function MobileEdit() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const record = $api.useQuery("post", "/getMobileSub", { body: { id } }, { staleTime: 0, gcTime: 0 });
  const told = useRef(false);

  useEffect(() => {
    if (!record.error || told.current) return;
    told.current = true;
    void dialogs.message("error", MESSAGES.somethingWentWrong).then(() => navigate("/", { replace: true }));
  }, [record.error, dialogs, navigate]);

  return (
    <PageLayout maxWidth={720}>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Mobile Subscriptions", href: LIST_PATH },
          { label: "Edit" },
        ]}
        renderLink={routerLink}
      />
      <Card title="Edit Mobile Number" headingLevel={2}>
        {record.data ? (
          <EditForm key={record.data.id} record={record.data} />
        ) : record.isLoading ? (
          <Spinner label="Loading" />
        ) : null}
      </Card>
    </PageLayout>
  );
}

function EditForm({ record }: { record: MobileSubscription }) {
  const companyCountry = useCompanyCountry();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const split = splitContactNumber(record.contact_number);
  const [phone, setPhone] = useState<PhoneValue>({
    callingCode: split?.callingCode ?? "",
    number: split?.nationalNumber ?? (split ? "" : stripNonDigits(record.contact_number)),
  });
  const [type, setType] = useState<SubscriptionType>(record.type);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const deleted = record.status === "deleted";
  const contactNumber = `${stripNonDigits(phone.callingCode)}${stripNonDigits(phone.number)}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = stripNonDigits(phone.number)
      ? mobileNumberError(contactNumber)
      : MESSAGES.contactNumberRequired;
    setError(problem ?? undefined);
    if (problem) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmUpdate }))) return;
    setSaving(true);
    try {
      unwrap(await api.POST("/editMobileSub", { body: { id: record.id, contactNumber, type } }));
      await refreshList(queryClient);
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
      navigate(LIST_PATH);
    } catch (err) {
      const { title, text } = failure(err);
      await dialogs.message("error", title, text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate>
      {deleted ? (
        <p className={s.note} role="status">
          This number was deleted and can no longer be changed.
        </p>
      ) : record.status !== "active" ? (
        <p className={s.note}>
          Status: {statusBadge(record.status).label}. Saving a valid number makes it Active.
        </p>
      ) : null}
      <PhoneInput
        label="Mobile Number"
        required
        value={phone}
        defaultRegion={companyCountry}
        onValueChange={(next) => {
          setPhone(next);
          if (error)
            setError(mobileNumberError(`${next.callingCode}${stripNonDigits(next.number)}`) ?? undefined);
        }}
        error={error}
        disabled={deleted}
      />
      <RadioGroup<SubscriptionType>
        label="Type"
        required
        orientation="horizontal"
        options={TYPE_OPTIONS}
        value={type}
        onValueChange={setType}
        disabled={deleted}
      />
      <div className={s.actions}>
        <Button type="button" variant="outline" tone="secondary" onClick={() => navigate(LIST_PATH)}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} disabled={deleted}>
          Save
        </Button>
      </div>
    </form>
  );
}
