import { useEffect, useRef } from 'react';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { stepIndex, wizardSteps, type StepId } from '../wizard-steps';

/**
 * The steps, in order: the current one marked `aria-current="step"`, the ones already reached
 * clickable to go back to them (or forward again, up to the furthest reached).
 */
export function StepList({
  current,
  reached,
  locked,
  onSelect,
}: {
  current: StepId;
  reached: number;
  /** Steps that cannot be opened now (the payment step without an order). */
  locked: (step: StepId) => boolean;
  onSelect: (step: StepId) => void;
}) {
  const currentIndex = stepIndex(current);
  const list = useRef<HTMLOListElement>(null);
  // On a phone the list scrolls sideways: keep the current step in sight, without moving the page.
  useEffect(() => {
    const element = list.current;
    const button = element?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!element || !button || element.scrollWidth <= element.clientWidth) return;
    element.scrollLeft = button.offsetLeft - (element.clientWidth - button.offsetWidth) / 2;
  }, [current]);

  return (
    <nav aria-label="Steps of the cluster order">
      <ol ref={list} className="relative flex gap-1 overflow-x-auto pb-1 sm:flex-wrap sm:gap-2">
        {wizardSteps.map((step, index) => {
          const isCurrent = step.id === current;
          const done = index < currentIndex;
          const open = index <= reached && !locked(step.id);
          return (
            <li key={step.id} className="shrink-0">
              <button
                type="button"
                aria-current={isCurrent ? 'step' : undefined}
                disabled={!open || isCurrent}
                onClick={() => onSelect(step.id)}
                className={cn(
                  'relative flex items-center gap-2 rounded-full border px-2.5 py-1.5 text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isCurrent && 'border-primary bg-primary text-primary-foreground',
                  !isCurrent && open && 'border-border bg-card hover:border-primary/50',
                  !isCurrent && !open && 'border-transparent text-muted-foreground',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'grid size-5 place-items-center rounded-full text-xs font-semibold',
                    isCurrent ? 'bg-primary-foreground/20' : 'bg-muted',
                    done && !isCurrent && 'bg-success/15 text-success',
                  )}
                >
                  {done ? <Check className="size-3" /> : index + 1}
                </span>
                <span className={cn(!isCurrent && 'sr-only md:not-sr-only')}>{step.title}</span>
                {done ? <span className="sr-only">(done)</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
