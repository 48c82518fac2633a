import { unwrap } from "@herald/api-client";
import { centsToSgd, formatSgd, MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, CurrencyInput, PageHeader, PageLayout } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { useProfile } from "../../shell/use-profile";
import * as s from "../admin/users/users.css";
import {
  LoadFailed,
  PageLoading,
  refreshUserData,
  serverMessage,
  USERS_LIST,
  type User,
  useLoadFailure,
  userCreditPath,
  userEditPath,
  userProfilePath,
} from "../admin/users/users.shared";
import * as c from "./credit.css";
import { amountError, type CreditAction, safeCents } from "./credit-rules";

const fullName = (u: Pick<User, "firstName" | "lastName">) => `${u.firstName} ${u.lastName ?? ""}`.trim();
const sgdText = (cents: number | undefined) => (cents === undefined ? "-" : formatSgd(cents));

/** The User Profile and User Credit tabs: links, as each tab is a page of its own. */
function EditTabs({ id }: { id: string }) {
  return (
    <nav aria-label="Edit user">
      <ul className={s.tabLinks}>
        <li>
          <Link to={userEditPath(id)} className={s.tabLink}>
            User Profile
          </Link>
        </li>
        <li>
          <Link to={userCreditPath(id)} className={s.tabLink} aria-current="page">
            User Credit
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function CreditForm({ user, companyCents }: { user: User; companyCents: number | undefined }) {
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const me = useProfile().data;
  const action = useRef<CreditAction>("add");
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState<CreditAction | null>(null);
  const userCents = safeCents(user.totalCredit) ?? 0;
  const balances = { user: userCents, company: companyCents ?? 0 };
  const deleted = user.status === "deleted";
  const name = fullName(user);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = action.current;
    const problem = amountError(amount, chosen, balances);
    setError(problem);
    if (problem || amount === null) return;
    const ok = await dialogs.confirm({
      title: MESSAGES.confirmUpdate,
      text:
        chosen === "add"
          ? `${formatSgd(amount)} moves from the corporate balance to ${name}.`
          : `${formatSgd(amount)} moves from ${name} back to the corporate balance.`,
      confirmLabel: chosen === "add" ? "Add" : "Deduct",
    });
    if (!ok) return;
    setSaving(chosen);
    try {
      const result = unwrap(
        await api.POST("/editUserCredit", {
          body: {
            id: user.id,
            amount: centsToSgd(amount),
            action: chosen,
            ...(me?.userId ? { userId: me.userId } : {}),
          },
          // One key per submission: a retried request moves the credit at most once.
          params: { header: { "Idempotency-Key": crypto.randomUUID() } },
        }),
      );
      setAmount(null);
      await Promise.all([
        refreshUserData(queryClient),
        queryClient.invalidateQueries({ queryKey: ["post", "/getProfile"] }),
      ]);
      await dialogs.message("success", result.message || MESSAGES.dataUpdateSuccess);
    } catch (err) {
      // The balances may have moved elsewhere: show the server's figures with its message.
      void refreshUserData(queryClient);
      await dialogs.message("error", serverMessage(err));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card title="User Credit" subtitle="Fields marked * are required.">
      <form className={s.form} onSubmit={submit} noValidate>
        <dl className={c.figures}>
          <div className={c.figure}>
            <dt className={c.figureLabel}>User</dt>
            <dd className={c.figureValue}>{name}</dd>
          </div>
          <div className={c.figure}>
            <dt className={c.figureLabel}>User's credit</dt>
            <dd className={c.figureValue} data-testid="user-credit">
              {sgdText(safeCents(user.totalCredit))}
            </dd>
          </div>
          <div className={c.figure}>
            <dt className={c.figureLabel}>Corporate balance</dt>
            <dd className={c.figureValue} data-testid="corporate-balance">
              {sgdText(companyCents)}
            </dd>
          </div>
        </dl>
        {deleted ? (
          <p className={s.muted}>This user is deleted: their credit can no longer change.</p>
        ) : (
          <>
            <CurrencyInput
              label="Amount"
              required
              value={amount}
              onValueChange={(cents) => {
                setAmount(cents);
                if (error) setError(amountError(cents, action.current, balances));
              }}
              min={0}
              max={Math.max(balances.company, balances.user)}
              step={100}
              help="Add moves this amount from the corporate balance to the user; Deduct moves it back."
              error={error}
              disabled={saving !== null}
            />
            <div className={s.actions}>
              <Link to={USERS_LIST} className={s.secondaryLink}>
                Cancel
              </Link>
              {/* Add comes first: it is the form's default action when Enter is pressed in the amount. */}
              <Button
                type="submit"
                loading={saving === "add"}
                disabled={saving !== null}
                onClick={() => {
                  action.current = "add";
                }}
              >
                Add
              </Button>
              <Button
                type="submit"
                variant="outline"
                loading={saving === "deduct"}
                disabled={saving !== null}
                onClick={() => {
                  action.current = "deduct";
                }}
              >
                Deduct
              </Button>
            </div>
          </>
        )}
      </form>
    </Card>
  );
}

function CreditInfo() {
  return (
    <Card title="How credit moves" headingLevel={2}>
      <dl className={s.infoList}>
        <div>
          <dt className={s.infoTerm}>Add</dt>
          <dd className={s.infoText}>
            Takes the amount from the corporate balance and gives it to the user. You can add at most what the
            corporate balance holds.
          </dd>
        </div>
        <div>
          <dt className={s.infoTerm}>Deduct</dt>
          <dd className={s.infoText}>
            Takes unused credit back from the user into the corporate balance. A user's credit never goes
            below 0.00.
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** Edit user, User Credit tab: the user's credit and the corporate balance, and Add or Deduct an amount. */
export default function UserCredit() {
  const { id = "" } = useParams();
  const me = useProfile().data;
  const user = $api.useQuery("post", "/getUser", { body: { id } });
  const company = $api.useQuery("post", "/getCompany", { body: {} });
  useLoadFailure(user.error ?? company.error);
  const data = user.data;

  let body: ReactNode;
  if (user.isPending || company.isPending || !me) body = <PageLoading label="Loading the user's credit" />;
  else if (!data || !company.data) body = <LoadFailed />;
  else
    body = (
      <div className={s.columns}>
        <div className={s.stack}>
          <CreditForm user={data} companyCents={safeCents(company.data.companyCredit)} />
        </div>
        <div className={s.stack}>
          <CreditInfo />
          <p className={s.note}>
            <Link to={userProfilePath(data.id)} className={s.link}>
              View {fullName(data)}'s profile
            </Link>
          </p>
        </div>
      </div>
    );

  return (
    <PageLayout>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Users", href: USERS_LIST },
          { label: "User Credit" },
        ]}
        renderLink={routerLink}
      />
      <PageHeader title={<>Edit User{data ? `: ${fullName(data)}` : ""}</>} />
      <EditTabs id={id} />
      {body}
    </PageLayout>
  );
}
