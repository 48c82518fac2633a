import { PASSWORD_COMPOSITION } from "@herald/domain";
import { type FocusEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import * as fieldStyles from "../Field/Field.css";
import { TextField, type TextFieldProps } from "../TextField";
import * as styles from "./PasswordField.css";

export interface PasswordFieldProps
  extends Omit<TextFieldProps, "type" | "suffix" | "addon" | "showCounter"> {
  /**
   * Rules hint shown under the field while it has focus (always in its accessible description).
   * Defaults to the spec's password rule; pass `null` for none (e.g. the login form).
   */
  rulesHint?: ReactNode;
  /** Start with the password visible. */
  defaultVisible?: boolean;
  /** Accessible name of the toggle while the password is hidden. */
  showPasswordLabel?: string;
  /** Accessible name of the toggle while the password is visible. */
  hidePasswordLabel?: string;
}

const EyeIcon = ({ off }: { off: boolean }) => (
  <svg
    className={styles.icon}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
    {off ? <path d="M3 3l18 18" /> : null}
  </svg>
);

/**
 * A password input with a show/hide toggle ("Show password" / "Hide password") and the password rules
 * shown while the field is focused.
 */
export function PasswordField({
  rulesHint = PASSWORD_COMPOSITION,
  defaultVisible = false,
  showPasswordLabel = "Show password",
  hidePasswordLabel = "Hide password",
  id,
  disabled,
  autoComplete = "current-password",
  onFocus,
  onBlur,
  ...rest
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(defaultVisible);
  const [focused, setFocused] = useState(false);
  const generatedId = useId();
  const inputId = id ?? `password${generatedId.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const rulesId = `${inputId}-rules`;
  const hasRules = rulesHint !== null && rulesHint !== undefined && rulesHint !== "";

  // A press elsewhere (the form's submit button below, say) takes the focus on pointer down: hiding the hint
  // then would move what was pressed before the pointer is released, and the click would land beside it. So
  // while a pointer is held the hint stays, and goes once the press (and its click) is over.
  const pointerHeld = useRef(false);
  const hideAfterPress = useRef(false);
  useEffect(() => {
    if (!focused) return;
    const hasFocusWithin = () => {
      const active = document.activeElement;
      return (
        active instanceof HTMLElement && (active.id === inputId || active.dataset.passwordToggle === inputId)
      );
    };
    const down = () => {
      pointerHeld.current = true;
    };
    const up = () => {
      pointerHeld.current = false;
      if (!hideAfterPress.current) return;
      hideAfterPress.current = false;
      // after the click this release makes (dispatched in the same task)
      setTimeout(() => {
        if (!hasFocusWithin()) setFocused(false);
      }, 0);
    };
    document.addEventListener("pointerdown", down, true);
    document.addEventListener("pointerup", up, true);
    document.addEventListener("pointercancel", up, true);
    return () => {
      document.removeEventListener("pointerdown", down, true);
      document.removeEventListener("pointerup", up, true);
      document.removeEventListener("pointercancel", up, true);
      pointerHeld.current = false;
    };
  }, [focused, inputId]);
  const leave = () => {
    if (pointerHeld.current) hideAfterPress.current = true;
    else setFocused(false);
  };

  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    hideAfterPress.current = false;
    setFocused(true);
    onFocus?.(event);
  };
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    // Moving to the toggle keeps the hint open; leaving the field closes it.
    if (
      !(event.relatedTarget instanceof HTMLElement && event.relatedTarget.dataset.passwordToggle === inputId)
    ) {
      leave();
    }
    onBlur?.(event);
  };

  const toggle = (
    <button
      type="button"
      className={fieldStyles.inlineButton}
      aria-label={visible ? hidePasswordLabel : showPasswordLabel}
      aria-controls={inputId}
      data-password-toggle={inputId}
      disabled={disabled}
      onClick={() => setVisible((v) => !v)}
      onBlur={(event) => {
        if (event.relatedTarget !== document.getElementById(inputId)) leave();
      }}
    >
      <EyeIcon off={visible} />
    </button>
  );

  return (
    <TextField
      {...rest}
      id={inputId}
      disabled={disabled}
      type={visible ? "text" : "password"}
      autoComplete={autoComplete}
      spellCheck={false}
      autoCapitalize="none"
      suffix={toggle}
      aria-describedby={hasRules ? rulesId : undefined}
      onFocus={handleFocus}
      onBlur={handleBlur}
      addon={
        hasRules ? (
          <p id={rulesId} className={styles.rules} hidden={!focused}>
            {rulesHint}
          </p>
        ) : null
      }
    />
  );
}
