import { ApiError, unwrap } from "@herald/api-client";
import { formatSgd, MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, CreditBox, PageHeader, PageLayout, Spinner, TextField } from "@herald/ui";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import * as c from "./credit.css";
import { safeCents } from "./credit-rules";
import * as s from "./low-credit.css";
import * as p from "./purchase.css";
import {
  CUSTOM_AMOUNT_RULE,
  choiceError,
  choiceSgd,
  outcomeMessage,
  PURCHASE_PRESETS_SGD,
  type PurchaseChoice,
  paymentOutcome,
} from "./purchase-rules";

const errorText = (err: unknown) =>
  err instanceof ApiError && err.status < 500 ? err.message : MESSAGES.somethingWentWrong;

/** The answer of the payment provider (?payment_success=true|false): told once, then taken off the address. */
function usePaymentOutcome(onOutcome: () => void) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const outcome = paymentOutcome(search);
  const told = useRef(false);
  const after = useRef(onOutcome);
  after.current = onOutcome;
  useEffect(() => {
    if (!outcome || told.current) return;
    told.current = true;
    navigate({ search: "" }, { replace: true });
    after.current();
    void dialogs
      .message(outcome === "success" ? "success" : "warning", outcomeMessage(outcome))
      .then(() => after.current());
  }, [outcome, navigate, dialogs]);
}

function CorporateBalance({ cents, pending }: { cents: number | undefined; pending: boolean }) {
  return (
    <Card title="Corporate balance" headingLevel={2}>
      <div className={c.balanceRow}>
        {cents !== undefined ? (
          <CreditBox label="Corporate Credit" cents={cents} />
        ) : pending ? (
          <Spinner label="Loading the corporate balance" showLabel />
        ) : (
          <p className={s.explanation}>-</p>
        )}
        <p className={s.explanation}>
          Credit bought here is added to this balance once the payment is confirmed.{" "}
          <Link to="/credit-mgt/payment-history" className={c.rowTopUp}>
            Payment history
          </Link>
        </p>
      </div>
    </Card>
  );
}

/** Administrator > Credit Management > Purchase Credit: a preset or custom amount, paid on the checkout page. */
export default function PurchaseCredit() {
  const company = $api.useQuery("post", "/getCompany", { body: {} });
  // The provider's webhook may land just after the browser returns: the balance is read again then.
  usePaymentOutcome(() => void company.refetch());

  const [choice, setChoice] = useState<PurchaseChoice | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const errorId = useId();
  // Back from the checkout page through the browser's history (a restored page): Checkout is usable again.
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => {
      if (e.persisted) setRedirecting(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);
  const customText = choice?.kind === "custom" ? choice.text : "";
  const amountError = submitted ? choiceError(choice) : undefined;
  const sgd = choiceSgd(choice);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setFailure(undefined);
    if (choiceError(choice)) return;
    setRedirecting(true);
    try {
      const { url } = unwrap(await api.POST("/checkout", { body: { amount: sgd } }));
      window.location.assign(url);
    } catch (err) {
      setFailure(errorText(err));
      setRedirecting(false);
    }
  };

  return (
    <PageLayout>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          // The specification's "/user-manage/user-list" is the Users list (no route has that exact path).
          { label: "Credit Management", href: "/user-manage/users-list" },
          { label: "Purchase Credit" },
        ]}
        renderLink={routerLink}
      />
      <PageHeader title="Purchase Credit" />
      <CorporateBalance cents={safeCents(company.data?.companyCredit)} pending={company.isPending} />
      <Card title="Choose an amount" headingLevel={2}>
        <form className={s.form} onSubmit={submit} noValidate aria-label="Purchase credit">
          <fieldset className={p.presets} aria-describedby={amountError ? errorId : undefined}>
            <legend className={p.legend}>Preset amounts</legend>
            {PURCHASE_PRESETS_SGD.map((amount) => (
              <label key={amount} className={p.preset}>
                <input
                  type="radio"
                  name="preset"
                  className={p.radio}
                  value={amount}
                  checked={choice?.kind === "preset" && choice.sgd === amount}
                  onChange={() => setChoice({ kind: "preset", sgd: amount })}
                />
                <span className={p.presetUnit}>SGD</span>
                <span className={p.presetAmount}>{amount.toLocaleString("en-SG")}</span>
              </label>
            ))}
          </fieldset>
          <TextField
            className={p.custom}
            label="Custom amount (SGD)"
            inputMode="numeric"
            autoComplete="off"
            value={customText}
            onChange={(e) => setChoice({ kind: "custom", text: e.target.value })}
            help={CUSTOM_AMOUNT_RULE}
            prefix="SGD"
          />
          <p className={p.total} aria-live="polite">
            {sgd > 0 ? `You pay ${formatSgd(sgd * 100)}` : "No amount selected yet."}
          </p>
          {(amountError || failure) && (
            <p id={errorId} className={p.error} role="alert">
              {amountError ?? failure}
            </p>
          )}
          <div className={s.actions}>
            <Button type="submit" loading={redirecting}>
              Checkout
            </Button>
          </div>
        </form>
      </Card>
    </PageLayout>
  );
}
