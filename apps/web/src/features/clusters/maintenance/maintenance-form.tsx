import { weekdays, type Cluster } from '@alpenkube/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormInputField,
  FormItem,
  FormMessage,
  FormRootError,
} from '@/components/ui/hook-form';
import { NativeSelect } from '@/components/ui/native-select';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useClusterChange } from '../queries';
import { updateMaintenance } from './maintenance-requests';
import { dayNames, hourWords, maintenanceFormSchema, timeZones } from './maintenance-schema';

const hours = Array.from({ length: 24 }, (_, hour) => hour);

/** The weekly window (day, start hour, time zone) and the auto-upgrade switch, saved whole. */
export function MaintenanceForm({ cluster, close }: { cluster: Cluster; close: () => void }) {
  const { toast } = useToast();
  const { maintenance } = cluster;
  const form = useZodForm(maintenanceFormSchema, {
    defaultValues: {
      day: maintenance.day,
      hour: String(maintenance.hour),
      timeZone: maintenance.timeZone,
      autoUpgrade: maintenance.autoUpgrade,
    },
  });
  const save = useClusterChange(
    (body: Parameters<typeof updateMaintenance>[1]) => updateMaintenance(cluster.id, body),
    {
      onSuccess: (saved) => {
        close();
        toast({
          variant: 'success',
          title: 'Maintenance window saved',
          description: `${dayNames[saved.maintenance.day]}s from ${hourWords(saved.maintenance.hour)} (${saved.maintenance.timeZone}).`,
        });
      },
      onError: (error) => setServerErrors(form, error),
    },
  );
  const onSubmit = form.handleSubmit((values) => save.mutate(values));
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormRootError />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormInputField
            control={form.control}
            name="day"
            label="Day"
            render={(field) => (
              <NativeSelect {...field}>
                {weekdays.map((day) => (
                  <option key={day} value={day}>
                    {dayNames[day]}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <FormInputField
            control={form.control}
            name="hour"
            label="Starts at"
            description="The window lasts four hours."
            render={(field) => (
              <NativeSelect {...field}>
                {hours.map((hour) => (
                  <option key={hour} value={String(hour)}>
                    {hourWords(hour)}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </div>
        <FormInputField
          control={form.control}
          name="timeZone"
          label="Time zone"
          render={(field) => (
            <NativeSelect {...field}>
              {timeZones(maintenance.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        <FormField
          control={form.control}
          name="autoUpgrade"
          render={({ field }) => (
            <FormItem>
              <label className="flex items-center gap-2 text-sm font-medium">
                <FormControl>
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    name={field.name}
                    ref={field.ref}
                  />
                </FormControl>
                Apply patch releases automatically
              </label>
              <FormDescription>
                An end-of-support upgrade happens in the window even when this is off.
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFormFooter
          submitLabel="Save window"
          pendingText="Saving…"
          pending={save.isPending}
        />
      </form>
    </Form>
  );
}
