import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "../Button";
import { Stepper, type StepperStep } from "../Stepper";
import * as s from "./Wizard.css";

/** What `canNext` answers: true to go on, false to stay silently, or a message that blocks and is shown. */
export type WizardCheck = boolean | string;

export interface WizardProps {
  steps: readonly StepperStep[];
  /** Controlled 0-based current step (the spec's steps 0..4 are shown as 1..5). */
  activeStep?: number;
  defaultActiveStep?: number;
  onStepChange?: (step: number) => void;
  /** The current step's content. */
  children: ReactNode | ((step: number) => ReactNode);
  /** Validation hook run before Next and Done; may be async (e.g. a server name check). */
  canNext?: (step: number) => WizardCheck | Promise<WizardCheck>;
  /** Called by Done on the last step (after `canNext` passes). */
  onDone?: () => void | Promise<void>;
  /** Side help card content (beside the step on wide screens, below it on narrow ones). */
  help?: ReactNode | ((step: number) => ReactNode);
  helpTitle?: string;
  backLabel?: string;
  nextLabel?: string;
  doneLabel?: string;
  /** Accessible name of the step list. */
  label?: string;
  /** Let people click completed steps to go back to them. */
  allowStepClick?: boolean;
}

/** A multi-step form: numbered steps, the current step, Back/Next (Done on the last step) and a help card. */
export function Wizard({
  steps,
  activeStep,
  defaultActiveStep = 0,
  onStepChange,
  children,
  canNext,
  onDone,
  help,
  helpTitle = "Help",
  backLabel = "Back",
  nextLabel = "Next",
  doneLabel = "Done",
  label = "Progress",
  allowStepClick = false,
}: WizardProps) {
  const [innerStep, setInnerStep] = useState(defaultActiveStep);
  const step = activeStep ?? innerStep;
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const headingId = useId();
  const helpId = useId();
  const last = step >= steps.length - 1;
  const current = steps[step];

  const goTo = (next: number) => {
    const clamped = Math.min(Math.max(next, 0), steps.length - 1);
    setMessage(null);
    moved.current = true;
    if (activeStep === undefined) setInnerStep(clamped);
    onStepChange?.(clamped);
  };

  // Move focus to the new step's heading so screen reader and keyboard users land on the new content.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (moved.current) {
      moved.current = false;
      headingRef.current?.focus();
    }
  }, [step]);

  const check = async (): Promise<boolean> => {
    if (!canNext) return true;
    setChecking(true);
    try {
      const result = await canNext(step);
      if (result === true) return true;
      setMessage(typeof result === "string" ? result : null);
      return false;
    } finally {
      setChecking(false);
    }
  };

  const next = async () => {
    if (checking) return;
    if (!(await check())) return;
    if (last) {
      setMessage(null);
      await onDone?.();
    } else {
      goTo(step + 1);
    }
  };

  const helpContent = typeof help === "function" ? help(step) : help;

  return (
    <div className={s.root}>
      <Stepper
        steps={steps}
        activeStep={step}
        label={label}
        onStepClick={allowStepClick ? (index) => goTo(index) : undefined}
      />
      <div className={s.layout}>
        <section className={s.panel} aria-labelledby={headingId}>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className={s.stepHeading}>
            {current?.title}
          </h2>
          <div>{typeof children === "function" ? children(step) : children}</div>
          {message && (
            <p className={s.blocked} role="alert">
              {message}
            </p>
          )}
          <div className={s.actions}>
            <Button variant="outline" tone="secondary" disabled={step === 0} onClick={() => goTo(step - 1)}>
              {backLabel}
            </Button>
            <Button loading={checking} onClick={next}>
              {last ? doneLabel : nextLabel}
            </Button>
          </div>
        </section>
        {helpContent !== undefined && helpContent !== null && (
          <aside className={s.help} aria-labelledby={helpId}>
            <h2 id={helpId} className={s.helpTitle}>
              {helpTitle}
            </h2>
            {helpContent}
          </aside>
        )}
      </div>
    </div>
  );
}
