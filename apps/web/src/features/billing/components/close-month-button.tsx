import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { SubmitButton } from '@/components/ui/form';
import { useToast } from '@/components/ui/use-toast';
import { publicQueries } from '@/lib/public-queries';
import { useCloseMonth } from '../queries';

/**
 * Development only (the server says which environment it runs in): closes the month up to now,
 * so an invoice can be seen without waiting for the month's end. Production has no such route.
 */
export function CloseMonthButton() {
  const version = useQuery(publicQueries.version());
  const close = useCloseMonth();
  const { toast } = useToast();
  if (version.data?.environment !== 'development') return null;
  const onClick = () =>
    close.mutate(undefined, {
      onSuccess: ({ invoices }) =>
        toast({
          title: invoices.length ? 'Month closed' : 'Nothing to invoice',
          description: invoices.length
            ? `Issued ${invoices.map((invoice) => invoice.number).join(', ')}.`
            : 'The month so far has nothing billable.',
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'The month was not closed',
          description: error.message,
          variant: 'destructive',
        }),
    });
  return (
    <SubmitButton
      type="button"
      variant="outline"
      pending={close.isPending}
      pendingText="Closing…"
      onClick={onClick}
      title="Development only: issues this month's invoice up to now"
    >
      <CalendarClock aria-hidden="true" />
      Close month now
    </SubmitButton>
  );
}
