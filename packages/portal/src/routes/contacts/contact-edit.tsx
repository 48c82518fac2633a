import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, PageLayout, Spinner } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { ContactFields } from "./contact-form";
import * as s from "./contacts.css";
import { CONTACTS_PATH, type Contact, contactPath, HOME_CRUMB, refreshContacts } from "./contacts.shared";
import {
  type ContactFormErrors,
  type ContactFormValues,
  contactFormErrors,
  contactNumberOf,
  phoneOf,
} from "./contacts-rules";

/** Edit a contact: name, number, e-mail and groups; saved after "Are you sure the data is correct?". */
export default function ContactEdit() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const contact = $api.useQuery("post", "/getContact", { body: { id } }, { staleTime: 0, gcTime: 0 });
  const told = useRef(false);

  useEffect(() => {
    if (!contact.error || told.current) return;
    told.current = true;
    void dialogs
      .message("error", contact.error.message ?? MESSAGES.somethingWentWrong)
      .then(() => navigate("/", { replace: true }));
  }, [contact.error, dialogs, navigate]);

  return (
    <PageLayout maxWidth={720}>
      <Breadcrumb
        items={[
          HOME_CRUMB,
          { label: "Contacts", href: CONTACTS_PATH },
          { label: "Contact Details", href: contactPath(id) },
          { label: "Edit" },
        ]}
        renderLink={routerLink}
      />
      <Card title="Edit Contact" headingLevel={2}>
        {contact.data ? (
          <EditForm key={contact.data.id} contact={contact.data} />
        ) : contact.isLoading ? (
          <Spinner label="Loading" />
        ) : (
          <p className={s.note}>{MESSAGES.somethingWentWrong}</p>
        )}
      </Card>
    </PageLayout>
  );
}

function EditForm({ contact }: { contact: Contact }) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ContactFormValues>({
    name: contact.name,
    ...phoneOf(contact.mobile, "65"),
    email: contact.email ?? "",
  });
  const [groupIds, setGroupIds] = useState<string[]>(contact.groups.map((g) => g.id));
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = contactFormErrors(values);
    setErrors(found);
    if (found.name || found.number) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmDataCorrect }))) return;
    setSaving(true);
    try {
      unwrap(
        await api.POST("/editContact", {
          body: {
            id: contact.id,
            name: values.name.trim(),
            contactNumber: contactNumberOf(values),
            email: values.email.trim() || null,
            groupIds,
          },
        }),
      );
      await refreshContacts(queryClient);
      await dialogs.message("success", MESSAGES.contactEdited);
      navigate(contactPath(contact.id));
    } catch (err) {
      // §8: the server's message in an error dialog.
      const text = err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong;
      if (err instanceof ApiError && /contact number/i.test(err.message))
        setErrors((x) => ({ ...x, number: err.message }));
      await dialogs.message("error", text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <ContactFields
        values={values}
        groupIds={groupIds}
        errors={errors}
        onChange={setValues}
        onGroupsChange={setGroupIds}
        onErrorsChange={setErrors}
      />
      <div className={s.actions}>
        <Button
          type="button"
          variant="outline"
          tone="secondary"
          onClick={() => navigate(contactPath(contact.id))}
        >
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
