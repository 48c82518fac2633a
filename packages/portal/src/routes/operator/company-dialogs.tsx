import { ApiError, unwrap } from "@herald/api-client";
import { formatSgd } from "@herald/domain";
import { Button, CurrencyInput, FormDialog, RadioGroup, Textarea, useToast } from "@herald/ui";
import { useRef, useState } from "react";
import { api } from "../../api";
import * as s from "../screen.css";
import {
  type AdjustDirection,
  adjustedBalance,
  adjustmentAmount,
  adjustmentProblem,
  type CompanyDetail,
  centsOf,
  problemText,
  REASON_MAX,
  reasonProblem,
} from "./operator-rules";

/** A fresh Idempotency-Key (random, 128 bits), also where `crypto.randomUUID` is unavailable (plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

interface DialogProps {
  company: CompanyDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The company as the server answered it after the change. */
  onDone: (next: CompanyDetail) => void;
}

/**
 * Suspend or resume a company, with the reason the audit log keeps (mandatory). Suspending signs its users out
 * and pauses its sending; resuming lets them back in and the paused sending goes on.
 */
export function SuspensionDialog({ company, open, onOpenChange, onDone }: DialogProps) {
  const { toast } = useToast();
  const suspend = company.status !== "suspended";
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = (next: boolean) => {
    if (saving) return;
    onOpenChange(next);
    if (!next) {
      setReason("");
      setError(null);
      setFailure(null);
    }
  };
  const submit = async () => {
    const problem = reasonProblem(reason);
    setError(problem);
    if (problem || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      const path = suspend ? "/operator/companies/{id}/suspend" : "/operator/companies/{id}/resume";
      const next = unwrap(
        await api.POST(path, { params: { path: { id: company.id } }, body: { reason: reason.trim() } }),
      );
      onDone(next);
      toast({
        tone: "success",
        title: suspend ? `${company.name} is suspended` : `${company.name} is active again`,
        description: suspend
          ? "Its users were signed out and its sending is paused."
          : "Its users can sign in and its paused sending goes on.",
      });
      setSaving(false);
      close(false);
    } catch (err) {
      setSaving(false);
      setFailure(problemText(err));
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={suspend ? `Suspend ${company.name}?` : `Resume ${company.name}?`}
      description={
        suspend
          ? "Its users are signed out at once and cannot sign in. Its sends, schedules and broadcasts stop where they are and go on when you resume it; messages sent to it are still received."
          : "Its users can sign in again, and the sends, schedules and broadcasts paused by the suspension go on."
      }
      submitLabel={suspend ? "Suspend company" : "Resume company"}
      submitTone={suspend ? "danger" : "primary"}
      saving={saving}
      onSubmit={() => void submit()}
    >
      <Textarea
        label="Reason"
        help="Kept in the audit log with your name."
        required
        rows={3}
        maxLength={REASON_MAX}
        value={reason}
        error={error}
        onChange={(e) => {
          setReason(e.target.value);
          if (error) setError(reasonProblem(e.target.value));
        }}
      />
      {failure && (
        <p className={s.note} role="alert">
          {failure}
        </p>
      )}
    </FormDialog>
  );
}

/**
 * Grant corporate credit, or take some back as a correction (never below zero), with a mandatory reason the
 * company's statement and the audit log show. A second step shows the balance before and after; the call
 * carries an Idempotency-Key made when the dialog opened, so a double click or a retry never grants twice.
 */
export function CreditDialog({ company, open, onOpenChange, onDone }: DialogProps) {
  const { toast } = useToast();
  const balance = centsOf(company.balance) ?? 0;
  const [key] = useState(newIdempotencyKey);
  const [direction, setDirection] = useState<AdjustDirection>("grant");
  const [cents, setCents] = useState<number | null>(null);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string | null; reason?: string | null }>({});
  const [step, setStep] = useState<"edit" | "confirm">("edit");
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const sending = useRef(false);

  const check = () => ({
    amount: adjustmentProblem(direction, cents, balance),
    reason: reasonProblem(reason, "Please give a reason: the company sees it on its statement."),
  });

  const submit = async () => {
    if (step === "edit") {
      const found = check();
      setErrors(found);
      if (found.amount || found.reason) return;
      setFailure(null);
      setStep("confirm");
      return;
    }
    if (sending.current || cents === null) return;
    sending.current = true;
    setSaving(true);
    setFailure(null);
    try {
      const next = unwrap(
        await api.POST("/operator/companies/{id}/credit", {
          params: { path: { id: company.id }, header: { "Idempotency-Key": key } },
          body: { amount: adjustmentAmount(direction, cents), reason: reason.trim() },
        }),
      );
      onDone(next);
      toast({
        tone: "success",
        title:
          direction === "grant"
            ? `${formatSgd(cents)} granted to ${company.name}`
            : `${formatSgd(cents)} taken back from ${company.name}`,
        description: `Balance now ${formatSgd(centsOf(next.balance) ?? adjustedBalance(balance, direction, cents))}.`,
      });
      setSaving(false);
      onOpenChange(false);
    } catch (err) {
      setSaving(false);
      setFailure(
        err instanceof ApiError && err.status === 422
          ? "This dialog already sent a different adjustment. Close it and check the balance before trying again."
          : problemText(err),
      );
    } finally {
      sending.current = false;
    }
  };

  const after = cents === null ? balance : adjustedBalance(balance, direction, cents);
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !saving && onOpenChange(next)}
      title={step === "edit" ? "Grant or correct credit" : "Confirm the adjustment"}
      description={
        step === "edit"
          ? `${company.name}'s corporate balance is ${formatSgd(balance)}.`
          : `Check the figures: ${company.name} sees this on its statement.`
      }
      submitLabel={
        step === "edit"
          ? "Review"
          : cents !== null
            ? direction === "grant"
              ? `Grant ${formatSgd(cents)}`
              : `Take back ${formatSgd(cents)}`
            : "Confirm"
      }
      submitTone={step === "confirm" && direction === "take" ? "danger" : "primary"}
      saving={saving}
      onSubmit={() => void submit()}
    >
      {step === "edit" ? (
        <>
          <RadioGroup<AdjustDirection>
            label="Adjustment"
            options={[
              { value: "grant", label: "Grant credit", description: "Add to the corporate balance." },
              {
                value: "take",
                label: "Take credit back",
                description: "A correction: never below zero.",
              },
            ]}
            value={direction}
            onValueChange={(v) => {
              setDirection(v);
              if (errors.amount) setErrors((e) => ({ ...e, amount: adjustmentProblem(v, cents, balance) }));
            }}
          />
          <CurrencyInput
            label="Amount"
            required
            value={cents}
            min={0}
            max={direction === "take" ? balance : undefined}
            onValueChange={(v) => {
              setCents(v);
              if (errors.amount)
                setErrors((e) => ({ ...e, amount: adjustmentProblem(direction, v, balance) }));
            }}
            error={errors.amount}
          />
          <Textarea
            label="Reason"
            help="Shown on the company's statement and kept in the audit log."
            required
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            error={errors.reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (errors.reason) setErrors((x) => ({ ...x, reason: reasonProblem(e.target.value) }));
            }}
          />
        </>
      ) : (
        <>
          <p className={s.beforeAfter} data-testid="balance-change">
            <span className={s.muted}>Balance</span>
            <span>{formatSgd(balance)}</span>
            <span aria-hidden="true">→</span>
            <span className={s.srOnly}>becomes</span>
            <strong>{formatSgd(after)}</strong>
          </p>
          <dl className={s.details}>
            <div className={s.pair}>
              <dt className={s.term}>{direction === "grant" ? "Grant" : "Take back"}</dt>
              <dd className={s.value}>{cents === null ? "-" : formatSgd(cents)}</dd>
            </div>
            <div className={s.pair}>
              <dt className={s.term}>Reason</dt>
              <dd className={s.value}>{reason.trim()}</dd>
            </div>
          </dl>
          <div>
            <Button variant="link" size="sm" disabled={saving} onClick={() => setStep("edit")}>
              Change the amount or reason
            </Button>
          </div>
        </>
      )}
      {failure && (
        <p className={s.note} role="alert">
          {failure}
        </p>
      )}
    </FormDialog>
  );
}
