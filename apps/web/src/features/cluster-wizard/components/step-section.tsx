import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { stepIndex, wizardSteps, type StepId } from '../wizard-steps';

/**
 * One step's region: its heading takes the focus when the step changes (not on the page's first
 * render), so a keyboard or screen-reader user lands on the new step, not on a vanished button.
 */
export function StepSection({
  step,
  previous,
  description,
  children,
}: {
  step: StepId;
  /** The step shown before, kept by the wizard: the payment step is another section. */
  previous: RefObject<StepId | null>;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (previous.current !== null && previous.current !== step) {
      heading.current?.focus();
    }
    previous.current = step;
  }, [step, previous]);

  const index = stepIndex(step);
  const { title } = wizardSteps[index]!;
  return (
    <section aria-labelledby={id} className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm font-medium text-muted-foreground">
          Step {index + 1} of {wizardSteps.length}
        </p>
        <h2
          id={id}
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
