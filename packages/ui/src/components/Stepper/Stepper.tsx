import { VisuallyHidden } from "radix-ui";
import type { ReactNode } from "react";
import * as s from "./Stepper.css";

export interface StepperStep {
  title: string;
  description?: string;
}

export interface StepperProps {
  steps: readonly StepperStep[];
  /** 0-based index of the current step; shown to people as index + 1. */
  activeStep: number;
  /** Accessible name of the step list (default "Progress"). */
  label?: string;
  /** Makes completed steps buttons that go back to them. */
  onStepClick?: (index: number) => void;
  className?: string;
}

type StepState = "complete" | "current" | "upcoming";

/** Numbered steps of a multi-step flow; the current step carries aria-current="step". */
export function Stepper({ steps, activeStep, label = "Progress", onStepClick, className }: StepperProps) {
  return (
    <nav aria-label={label} className={className}>
      <ol className={s.list}>
        {steps.map((step, index) => {
          const state: StepState =
            index < activeStep ? "complete" : index === activeStep ? "current" : "upcoming";
          const content: ReactNode = (
            <>
              <span className={s.number({ state })} aria-hidden="true">
                {state === "complete" ? "✓" : index + 1}
              </span>
              <span className={s.text}>
                <span className={s.title}>
                  <VisuallyHidden.Root>{`Step ${index + 1}: `}</VisuallyHidden.Root>
                  {step.title}
                  {state === "complete" && <VisuallyHidden.Root> (completed)</VisuallyHidden.Root>}
                </span>
                {step.description && <span className={s.description}>{step.description}</span>}
              </span>
            </>
          );
          return (
            <li
              key={step.title}
              className={s.item({ state })}
              aria-current={state === "current" ? "step" : undefined}
            >
              {state === "complete" && onStepClick ? (
                <button type="button" className={s.stepButton} onClick={() => onStepClick(index)}>
                  {content}
                </button>
              ) : (
                content
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
