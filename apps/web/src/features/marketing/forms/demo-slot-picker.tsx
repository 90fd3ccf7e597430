import { useQuery } from '@tanstack/react-query';
import { cn } from '@/lib/cn';
import { demoSlotTimes, isBookableDemoDate } from '@alpenkube/contract/public-form-options';
import { FieldError } from '@/components/ui/form';
import type { LeadForm } from '@/components/lead-form/use-lead-form';
import { marketingQueries } from '../queries';

/**
 * The time slots of the chosen day. Free slots come from GET /api/leads/demo-slots; if that
 * call fails the standard slots are offered and the server confirms the booking (it answers
 * 409 with a message when a slot was just taken).
 */
export function DemoSlotPicker({ form }: { form: LeadForm }) {
  const date = String(form.values.date ?? '');
  const bookable = isBookableDemoDate(date);
  const slots = useQuery({ ...marketingQueries.demoSlots(date), enabled: bookable });
  const error = form.errors.time;
  if (!bookable) {
    return (
      <p className="text-sm text-muted-foreground">Pick a weekday first to see the free slots.</p>
    );
  }
  const list = slots.data?.slots ?? demoSlotTimes.map((time) => ({ time, available: true }));
  return (
    <fieldset aria-describedby={error ? 'demo-time-error' : undefined}>
      <legend className="text-sm font-medium">Time (Central European Time)</legend>
      {slots.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading the free slots…</p>
      ) : (
        <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
          {list.map((slot) => {
            const selected = form.values.time === slot.time;
            return (
              <label
                key={slot.time}
                className={cn(
                  'cursor-pointer rounded-md border px-2 py-2 text-center text-sm tabular-nums transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  selected
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-input hover:bg-accent',
                  !slot.available && 'cursor-not-allowed line-through opacity-40',
                )}
              >
                <input
                  type="radio"
                  name="time"
                  value={slot.time}
                  checked={selected}
                  disabled={!slot.available}
                  onChange={() => form.setValue('time', slot.time)}
                  className="sr-only"
                />
                {slot.time}
              </label>
            );
          })}
        </div>
      )}
      {slots.isError && (
        <p className="mt-2 text-xs text-muted-foreground">
          Live availability could not be loaded; we will confirm your slot by e-mail.
        </p>
      )}
      <FieldError id="demo-time-error" className="mt-2">
        {error}
      </FieldError>
    </fieldset>
  );
}
