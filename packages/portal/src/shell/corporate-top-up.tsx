import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import { CurrencyInput, FormDialog, Textarea } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { api } from "../api";
import { keepMarkWithWord, useDialogs } from "../dialogs";
import * as s from "../routes/screen.css";

export const VENDOR_SUPPORT = "Herald Support";
const NOTE_MAX = 500;
const AMOUNT_MAX_CENTS = 100_000_000;

/**
 * The corporate Top Up: a request to Herald Support, with the amount the admin would like and a note, both
 * optional. The answer (granted amount or decline message) shows on the credit summary.
 */
export function CorporateTopUpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [cents, setCents] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const sending = useRef(false);

  const reset = () => {
    setCents(null);
    setNote("");
    setError(null);
    setFailure(null);
  };
  const amountProblem = (v: number | null) =>
    v !== null && v > AMOUNT_MAX_CENTS ? "At most SGD 1,000,000.00 at a time." : null;

  const submit = async () => {
    const problem = amountProblem(cents);
    setError(problem);
    if (problem || sending.current) return;
    sending.current = true;
    setSaving(true);
    setFailure(null);
    try {
      unwrap(
        await api.POST("/topupReq", {
          body: {
            topUpType: 1,
            ...(cents !== null && cents > 0 ? { amount: cents / 100 } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
          },
        }),
      );
      void queryClient.invalidateQueries({ queryKey: ["get", "/topupRequests"] });
      setSaving(false);
      onClose();
      reset();
      await dialogs.message("success", MESSAGES.topUpRequestSent);
    } catch (err) {
      setSaving(false);
      setFailure(err instanceof ApiError && err.status < 500 ? err.message : MESSAGES.somethingWentWrong);
    } finally {
      sending.current = false;
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        if (o || saving) return;
        onClose();
        reset();
      }}
      title={keepMarkWithWord(`${MESSAGES.confirmTopUpRequestTo} ${VENDOR_SUPPORT} ?`)}
      description="Herald Support adds credit to your corporate balance. Say how much you need and why, if you like."
      submitLabel="Send"
      saving={saving}
      onSubmit={() => void submit()}
    >
      <CurrencyInput
        label="Amount (optional)"
        value={cents}
        min={0}
        max={AMOUNT_MAX_CENTS}
        error={error}
        onValueChange={(v) => {
          setCents(v);
          if (error) setError(amountProblem(v));
        }}
      />
      <Textarea
        label="Note to Herald Support (optional)"
        rows={3}
        maxLength={NOTE_MAX}
        showCounter
        placeholder="For the campaign starting next week"
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {failure && (
        <p className={s.note} role="alert">
          {failure}
        </p>
      )}
    </FormDialog>
  );
}
