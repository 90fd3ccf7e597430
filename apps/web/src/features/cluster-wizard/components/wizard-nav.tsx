import { useId } from 'react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/form';
import { stepIndex, wizardSteps, type StepId } from '../wizard-steps';

/** Back and Next under a step; on the review step Next places the order. */
export function WizardNav({
  step,
  onBack,
  placing,
  canOrder,
  refusal,
}: {
  step: StepId;
  onBack: () => void;
  placing: boolean;
  canOrder: boolean;
  /** Why this user cannot order, said beside the disabled button too. */
  refusal: string | null;
}) {
  const refusalId = useId();
  const index = stepIndex(step);
  const following = wizardSteps[index + 1];
  const isReview = step === 'review';
  return (
    <div className="space-y-3 border-t border-border pt-5">
      {isReview && refusal ? (
        <p id={refusalId} className="text-sm text-muted-foreground sm:text-right">
          You cannot order yet: {refusal}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        {index > 0 ? (
          <Button type="button" variant="outline" onClick={onBack}>
            <ArrowLeft aria-hidden="true" /> Back
          </Button>
        ) : (
          <span />
        )}
        {isReview ? (
          <SubmitButton
            pending={placing}
            pendingText="Placing the order..."
            disabled={!canOrder || placing}
            aria-describedby={refusal ? refusalId : undefined}
            size="lg"
          >
            Place order and pay <ArrowRight aria-hidden="true" />
          </SubmitButton>
        ) : (
          <Button type="submit" size="lg">
            Next: {following?.title} <ArrowRight aria-hidden="true" />
          </Button>
        )}
      </div>
    </div>
  );
}
