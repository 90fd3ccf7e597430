import { useState } from 'react';
import type { Cluster, SleepSchedule, Weekday } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useToast } from '@/components/ui/use-toast';
import { formatClusterDate } from '../cluster-status';
import { useClusterChange } from '../queries';
import { updateSleepSchedule, wakeCluster } from '../requests';
import { SectionCard } from './section-card';

const dayNames: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

// Not the contract's list: a value from its index would bring every schema into the page.
const weekdays = Object.keys(dayNames) as Weekday[];

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * A Dev/Test cluster's sleep schedule: awake on the chosen days between the wake and sleep
 * times, its pools scaled to zero the rest of the week (asleep hours are not node-hours); a
 * sleeping cluster can be woken now, until its next sleep time.
 */
export function SleepScheduleSection({
  cluster,
  canChange,
}: {
  cluster: Cluster;
  canChange: boolean;
}) {
  const { toast } = useToast();
  const current = cluster.sleepSchedule;
  const [draft, setDraft] = useState<SleepSchedule>(
    current ?? {
      timeZone: localZone(),
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      wakeAt: '08:00',
      sleepAt: '19:00',
    },
  );
  const refused = (title: string) => (error: Error) =>
    toast({ variant: 'destructive', title, description: error.message });
  const save = useClusterChange(
    (schedule: SleepSchedule | null) => updateSleepSchedule(cluster.id, schedule),
    {
      onSuccess: (updated) =>
        toast({
          variant: 'success',
          title: updated.sleepSchedule ? 'Sleep schedule saved' : 'Sleep schedule removed',
        }),
      onError: refused('The schedule was not saved'),
    },
  );
  const wake = useClusterChange(() => wakeCluster(cluster.id), {
    onSuccess: () => toast({ variant: 'success', title: 'Waking up: the pools scale back' }),
    onError: refused('The cluster was not woken'),
  });
  const toggle = (day: Weekday) =>
    setDraft((before) => ({
      ...before,
      days: before.days.includes(day)
        ? before.days.filter((candidate) => candidate !== day)
        : weekdays.filter((candidate) => candidate === day || before.days.includes(candidate)),
    }));

  return (
    <SectionCard
      title="Sleep schedule"
      description={
        cluster.asleep
          ? 'Asleep: every pool is scaled to zero, and no node-hours are counted.'
          : current
            ? `Awake${cluster.wokenUntil ? ` until ${formatClusterDate(cluster.wokenUntil)}` : ''}. Outside the hours below its pools scale to zero.`
            : 'Scale the pools to zero outside working hours: asleep hours are not node-hours.'
      }
      action={
        cluster.asleep ? (
          <Button
            size="sm"
            disabled={!canChange || wake.isPending || cluster.operation !== null}
            onClick={() => wake.mutate(undefined)}
          >
            Wake now
          </Button>
        ) : null
      }
    >
      <form
        className="space-y-3 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft);
        }}
      >
        <fieldset className="flex flex-wrap gap-x-3 gap-y-2" disabled={!canChange}>
          <legend className="mb-1 font-medium">Awake on</legend>
          {weekdays.map((day) => (
            <label key={day} className="flex items-center gap-1.5">
              <Checkbox checked={draft.days.includes(day)} onChange={() => toggle(day)} />
              {dayNames[day]}
            </label>
          ))}
        </fieldset>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <div className="space-y-1">
            <Label htmlFor="wake-at">Wakes at</Label>
            <Input
              id="wake-at"
              type="time"
              value={draft.wakeAt}
              disabled={!canChange}
              onChange={(event) => setDraft({ ...draft, wakeAt: event.target.value })}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="sleep-at">Sleeps at</Label>
            <Input
              id="sleep-at"
              type="time"
              value={draft.sleepAt}
              disabled={!canChange}
              onChange={(event) => setDraft({ ...draft, sleepAt: event.target.value })}
            />
          </div>
          <div className="col-span-2 space-y-1 sm:col-span-1">
            <Label htmlFor="time-zone">Time zone</Label>
            <Input
              id="time-zone"
              value={draft.timeZone}
              disabled={!canChange}
              onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}
            />
          </div>
        </div>
        {canChange ? (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={save.isPending || draft.days.length === 0}>
              Save schedule
            </Button>
            {current ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={save.isPending}
                onClick={() => save.mutate(null)}
              >
                Remove schedule
              </Button>
            ) : null}
          </div>
        ) : null}
      </form>
    </SectionCard>
  );
}
