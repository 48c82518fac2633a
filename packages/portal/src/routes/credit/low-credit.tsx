import { ApiError, unwrap } from "@herald/api-client";
import type { components } from "@herald/api-client/schema";
import { MESSAGES, sgdToCents, validateThresholds } from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Card,
  CurrencyInput,
  EmptyState,
  PageHeader,
  PageLayout,
  Spinner,
} from "@herald/ui";
import { type FormEvent, useState } from "react";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import * as s from "./low-credit.css";

type Thresholds = components["schemas"]["CompanyThreshold"];

const toCents = (sgd: number | null) => (sgd === null ? null : sgdToCents(sgd));

/** The second-smaller rule, once both amounts are there; required is checked on save. */
const orderError = (first: number | null, second: number | null) =>
  first === null || second === null ? undefined : (validateThresholds(first, second) ?? undefined);

const errorText = (err: unknown) =>
  err instanceof ApiError && (err.status === 400 || err.status === 403)
    ? err.message
    : MESSAGES.somethingWentWrong;

function ThresholdForm({ initial, onSaved }: { initial: Thresholds; onSaved: () => Promise<unknown> }) {
  const dialogs = useDialogs();
  const [first, setFirst] = useState<number | null>(toCents(initial.first_thresh));
  const [second, setSecond] = useState<number | null>(toCents(initial.second_thresh));
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  const firstError = submitted && first === null ? MESSAGES.required : undefined;
  const secondError = submitted && second === null ? MESSAGES.required : orderError(first, second);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (first === null || second === null || orderError(first, second)) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmUpdate }))) return;
    setSaving(true);
    try {
      unwrap(
        await api.POST("/editCompanyThreshold", {
          body: { firstThresh: first / 100, secondThresh: second / 100 },
        }),
      );
      await onSaved();
      setSubmitted(false);
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
    } catch (err) {
      await dialogs.message("error", errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label="Low credit thresholds">
      <p className={s.explanation}>
        Every administrator is e-mailed once when the corporate balance falls below each threshold. Once the
        balance rises back above a threshold, the next fall below it sends a new alert.
      </p>
      <CurrencyInput
        label="First Threshold"
        required
        value={first}
        onValueChange={setFirst}
        min={0}
        step={100}
        error={firstError}
        help="The first, higher alert level in SGD."
      />
      <CurrencyInput
        label="Second Threshold"
        required
        value={second}
        onValueChange={setSecond}
        min={0}
        step={100}
        error={secondError}
        help="The second alert level in SGD; smaller than the first."
      />
      <div className={s.actions}>
        <Button type="submit" loading={saving}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}

/** Administrator > Credit Management > Low Credit Management: the corporate low-credit thresholds. */
export default function LowCreditManagement() {
  const thresholds = $api.useQuery("post", "/getCompanyThreshold", {}, { retry: false });
  return (
    <PageLayout>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Credit Management", href: "/credit-mgt/summary" },
          { label: "Low Credit Management" },
        ]}
        renderLink={routerLink}
      />
      <PageHeader title="Low credit alerts" />
      <Card title="Low Credit Management">
        {thresholds.data ? (
          <ThresholdForm initial={thresholds.data} onSaved={() => thresholds.refetch()} />
        ) : thresholds.isError ? (
          <EmptyState
            icon="warning"
            title={MESSAGES.somethingWentWrong}
            description="The thresholds could not be loaded."
            action={
              <Button variant="outline" onClick={() => void thresholds.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          <Spinner label="Loading thresholds" />
        )}
      </Card>
    </PageLayout>
  );
}
