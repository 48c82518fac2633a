import { RESEND_COUNTDOWN_S } from "@herald/domain";
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { Button } from "../Button";
import { Field, useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";
import * as styles from "./OtpInput.css";

export interface ResendCodeButtonProps {
  /** Sends a new code. The countdown starts at once. */
  onResend: () => unknown;
  /** Seconds the button stays disabled after a resend (default 30). */
  cooldown?: number;
  /** Start in the countdown (a code was just sent when the page opened). */
  startWithCooldown?: boolean;
  label?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * "Resend code", then "Resend code in 30s" … counting down, unavailable until it reaches zero. It is
 * aria-disabled rather than disabled during the countdown, so keyboard focus stays on it after the click.
 */
export function ResendCodeButton({
  onResend,
  cooldown = RESEND_COUNTDOWN_S,
  startWithCooldown = false,
  label = "Resend code",
  disabled,
  className,
}: ResendCodeButtonProps) {
  const [remaining, setRemaining] = useState(startWithCooldown ? cooldown : 0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return (
    <Button
      variant="link"
      className={className}
      disabled={disabled}
      aria-disabled={remaining > 0 || undefined}
      onClick={() => {
        if (remaining > 0) return;
        setRemaining(cooldown);
        void onResend();
      }}
    >
      {remaining > 0 ? `${label} in ${remaining}s` : label}
    </Button>
  );
}

export interface OtpInputProps {
  /** Legend of the group of boxes. */
  label?: ReactNode;
  hideLabel?: boolean;
  help?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  /** With a name, the code is submitted as one hidden field. */
  name?: string;
  className?: string;
  /** Number of digits (default 6). */
  length?: number;
  value?: string;
  defaultValue?: string;
  onValueChange?: (code: string) => void;
  /** Called once every box holds a digit. */
  onComplete?: (code: string) => void;
  /** Focus the first box on mount (the one-time code page). */
  autoFocus?: boolean;
  /** Shows a resend button with a countdown when given. */
  onResend?: () => unknown;
  resendCooldown?: number;
  resendStartsWithCooldown?: boolean;
  resendLabel?: string;
}

const toDigits = (code: string, length: number) =>
  Array.from({ length }, (_, i) => {
    const c = code[i];
    return c !== undefined && /\d/.test(c) ? c : "";
  });

/**
 * One-time code boxes, one digit each: typing moves to the next box, Backspace clears and goes back,
 * the arrow keys, Home and End move, and pasting a code fills all boxes. `onComplete` fires when the last
 * box is filled. An optional Resend button counts down 30 seconds, disabled meanwhile.
 */
export function OtpInput({
  label = "Verification code",
  hideLabel,
  help,
  error,
  disabled,
  required,
  id,
  name,
  className,
  length = 6,
  value,
  defaultValue = "",
  onValueChange,
  onComplete,
  autoFocus,
  onResend,
  resendCooldown,
  resendStartsWithCooldown,
  resendLabel,
}: OtpInputProps) {
  const ids = useFieldIds({ id, help, error });
  const [inner, setInner] = useState(() => toDigits(defaultValue, length));
  const digits = value !== undefined ? toDigits(value, length) : inner;
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = useCallback(
    (index: number) => {
      const box = refs.current[Math.max(0, Math.min(length - 1, index))];
      box?.focus();
      box?.select();
    },
    [length],
  );

  const commit = (next: string[]) => {
    const code = next.join("");
    if (value === undefined) setInner(next);
    onValueChange?.(code);
    const wasComplete = digits.every(Boolean);
    if (next.every(Boolean) && (!wasComplete || code !== digits.join(""))) onComplete?.(code);
  };

  /** Writes digits from `start`, returns the index after the last written one. */
  const fill = (start: number, incoming: string) => {
    const next = [...digits];
    let i = start;
    for (const d of incoming) {
      if (i >= length) break;
      next[i] = d;
      i += 1;
    }
    commit(next);
    return i;
  };

  const onInput = (index: number, raw: string) => {
    const typed = raw.replace(/\D/g, "");
    if (typed.length === 0) return; // a non-digit: the box keeps its digit
    const old = digits[index] ?? "";
    if (typed.length === 1 || (typed.length === 2 && old)) {
      // One digit typed, either into an empty box or next to the digit already there.
      const fresh = typed.length === 1 ? typed : typed[0] === old ? typed.slice(1) : typed.slice(0, 1);
      focusBox(fill(index, fresh));
    } else {
      // Several digits at once (autofill of the whole code, or a mobile keyboard suggestion).
      focusBox(fill(typed.length >= length ? 0 : index, typed));
    }
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "Backspace": {
        event.preventDefault();
        const next = [...digits];
        if (next[index]) {
          next[index] = "";
          commit(next);
        } else if (index > 0) {
          next[index - 1] = "";
          commit(next);
          focusBox(index - 1);
        }
        break;
      }
      case "Delete": {
        event.preventDefault();
        const next = [...digits];
        next[index] = "";
        commit(next);
        break;
      }
      case "ArrowLeft":
        event.preventDefault();
        focusBox(index - 1);
        break;
      case "ArrowRight":
        event.preventDefault();
        focusBox(index + 1);
        break;
      case "Home":
        event.preventDefault();
        focusBox(0);
        break;
      case "End":
        event.preventDefault();
        focusBox(length - 1);
        break;
      default:
        // Typing the digit a box already holds changes nothing, so no input event follows: move on here,
        // so that retyping a code over its digits stays in step.
        if (event.key === digits[index] && !event.ctrlKey && !event.metaKey && !event.altKey) {
          event.preventDefault();
          focusBox(index + 1);
        }
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text").replace(/\D/g, "");
    event.preventDefault();
    if (!pasted) return;
    const after = fill(pasted.length >= length ? 0 : index, pasted);
    focusBox(after);
  };

  useEffect(() => {
    if (autoFocus) focusBox(0);
  }, [autoFocus, focusBox]);

  return (
    <div className={className ? `${styles.root} ${className}` : styles.root}>
      <Field
        ids={ids}
        label={label}
        hideLabel={hideLabel}
        help={help}
        error={error}
        required={required}
        disabled={disabled}
        labelKind="group"
      >
        <div className={styles.boxes}>
          {digits.map((digit, index) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions
              key={index}
              ref={(node) => {
                refs.current[index] = node;
              }}
              id={index === 0 ? ids.controlId : `${ids.controlId}-${index + 1}`}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? "one-time-code" : "off"}
              aria-label={`Digit ${index + 1} of ${length}`}
              aria-invalid={ids.invalid || undefined}
              aria-describedby={index === 0 ? ids.describedBy : undefined}
              aria-required={required || undefined}
              value={digit}
              disabled={disabled}
              className={`${fieldStyles.control({ size: "lg" })} ${styles.box}`}
              onFocus={(event) => event.currentTarget.select()}
              onChange={(event) => onInput(index, event.target.value)}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={(event) => onPaste(index, event)}
            />
          ))}
        </div>
        {name ? <input type="hidden" name={name} value={digits.join("")} /> : null}
      </Field>
      {onResend ? (
        <ResendCodeButton
          className={styles.resend}
          onResend={onResend}
          cooldown={resendCooldown}
          startWithCooldown={resendStartsWithCooldown}
          label={resendLabel}
          disabled={disabled}
        />
      ) : null}
    </div>
  );
}
