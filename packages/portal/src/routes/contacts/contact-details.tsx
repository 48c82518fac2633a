import { formatContactNumber, formatDateTime12, MESSAGES } from "@herald/domain";
import { Badge, Breadcrumb, Button, Card, PageLayout, Spinner } from "@herald/ui";
import { Fragment, useEffect, useRef } from "react";
import { useNavigate, useParams } from "react-router";
import { $api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import * as s from "./contacts.css";
import { CONTACTS_PATH, type Contact, contactEditPath, HOME_CRUMB } from "./contacts.shared";

/** One contact, read-only: name, number, e-mail, groups and the attributes its upload brought. */
export default function ContactDetails() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const contact = $api.useQuery("post", "/getContact", { body: { id } }, { staleTime: 0 });
  const told = useRef(false);

  // A contact that cannot be loaded says so and goes home (§8).
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
        items={[HOME_CRUMB, { label: "Contacts", href: CONTACTS_PATH }, { label: "Contact Details" }]}
        renderLink={routerLink}
      />
      <Card title="Contact Details" headingLevel={2}>
        <div className={s.form}>
          {contact.data ? (
            <Details contact={contact.data} />
          ) : contact.isLoading ? (
            <Spinner label="Loading" />
          ) : (
            <p className={s.note}>{MESSAGES.somethingWentWrong}</p>
          )}
          <div className={s.actions}>
            <Button variant="outline" tone="secondary" onClick={() => navigate(CONTACTS_PATH)}>
              Cancel
            </Button>
            <Button disabled={!contact.data} onClick={() => navigate(contactEditPath(id))}>
              Edit Contact
            </Button>
          </div>
        </div>
      </Card>
    </PageLayout>
  );
}

function Details({ contact }: { contact: Contact }) {
  const attributes = Object.entries(contact.attributes ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <dl className={s.facts}>
      <dt className={s.factTerm}>Name</dt>
      <dd className={s.factValue}>{contact.name}</dd>
      <dt className={s.factTerm}>Phone Number</dt>
      <dd className={`${s.factValue} ${s.number}`}>{formatContactNumber(contact.mobile)}</dd>
      <dt className={s.factTerm}>Email</dt>
      <dd className={s.factValue}>{contact.email || "-"}</dd>
      <dt className={s.factTerm}>Groups</dt>
      <dd className={s.factValue}>
        {contact.groups.length ? (
          <span className={s.chips}>
            {contact.groups.map((g) => (
              <Badge key={g.id} variant="soft">
                {g.name}
              </Badge>
            ))}
          </span>
        ) : (
          "-"
        )}
      </dd>
      {attributes.map(([key, value]) => (
        <Fragment key={key}>
          <dt className={s.factTerm}>{key}</dt>
          <dd className={s.factValue}>{value || "-"}</dd>
        </Fragment>
      ))}
      <dt className={s.factTerm}>Created</dt>
      <dd className={s.factValue}>{formatDateTime12(contact.created_at)}</dd>
    </dl>
  );
}
