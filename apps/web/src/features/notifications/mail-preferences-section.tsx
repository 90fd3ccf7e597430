import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailCategory, MailPreferences } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Checkbox } from '@/components/ui/checkbox';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { notificationKeys } from './keys';
import { saveMailPreferences } from './requests';

const choices: { category: MailCategory; label: string; detail: string }[] = [
  {
    category: 'cluster',
    label: 'Clusters',
    detail: 'A new cluster is ready, or a change to one failed.',
  },
  { category: 'invoice', label: 'Invoices', detail: 'An invoice is issued or voided.' },
  {
    category: 'budget',
    label: 'Budget',
    detail: 'Spending crosses one of your budget thresholds.',
  },
  { category: 'ticket', label: 'Support', detail: 'Our support team answers one of your tickets.' },
  {
    category: 'maintenance',
    label: 'Maintenance',
    detail: 'Work planned on your clusters, and sandboxes about to be deleted for being idle.',
  },
];

/**
 * Which notices also come by mail. Each box saves at once; the notifications in the app stay
 * whatever is chosen, and mails about security, failed payments and a suspension always come.
 */
export function MailPreferencesSection() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const preferences = useQuery(
    queryOptions<MailPreferences>({ queryKey: notificationKeys.mailPreferences }),
  );
  const save = useMutation({
    mutationFn: saveMailPreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.mailPreferences, saved);
      toast({ title: 'E-mail preferences saved', variant: 'success' });
    },
    onError: (error) =>
      toast({ title: 'Not saved', description: error.message, variant: 'destructive' }),
  });
  if (preferences.error) {
    return (
      <QueryError
        title="Your e-mail preferences could not be loaded"
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
      />
    );
  }
  if (!preferences.data) return <Spinner label="Loading your e-mail preferences…" />;
  const current = preferences.data;
  return (
    <fieldset className="space-y-4" disabled={save.isPending}>
      <legend className="mb-3 text-sm text-muted-foreground">
        Send me an e-mail as well as a notification when:
      </legend>
      {choices.map(({ category, label, detail }) => (
        <label key={category} className="flex items-start gap-3">
          <Checkbox
            className="mt-0.5"
            checked={current[category]}
            onChange={(event) => save.mutate({ ...current, [category]: event.target.checked })}
          />
          <span className="text-sm">
            <span className="font-medium">{label}</span>
            <span className="block text-muted-foreground">{detail}</span>
          </span>
        </label>
      ))}
      <p className="text-xs text-muted-foreground">
        Mails about your account&apos;s security, payments that failed and a suspension are always
        sent.
      </p>
    </fieldset>
  );
}
