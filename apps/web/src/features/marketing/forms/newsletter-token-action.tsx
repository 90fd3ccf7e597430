import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, AlertCircle } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const actions = {
  confirm: {
    endpoint: endpoints.publicForms.newsletterConfirm,
    pending: 'Confirming your subscription…',
    done: 'Your subscription is confirmed. The next issue will reach you at the start of the month.',
  },
  unsubscribe: {
    endpoint: endpoints.publicForms.newsletterUnsubscribe,
    pending: 'Unsubscribing…',
    done: 'You are unsubscribed and will receive no further newsletter. Your address has been deleted from the list.',
  },
} as const;

/**
 * Runs the action of a link from a newsletter e-mail (/newsletter?confirm=… or ?unsubscribe=…)
 * once, and shows its outcome. The token is sent in a POST body, never logged in a URL by us.
 */
export function NewsletterTokenAction({
  kind,
  token,
}: {
  kind: keyof typeof actions;
  token: string;
}) {
  const action = actions[kind];
  const mutation = useMutation({
    mutationFn: () => request(action.endpoint, { body: { token } }),
  });
  const { mutate } = mutation;
  // A token works once: the ref keeps StrictMode's second effect run from sending it again.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate();
  }, [mutate, token]);

  if (mutation.isError) {
    return (
      <div
        role="alert"
        className="flex gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-5 text-sm"
      >
        <AlertCircle className="size-5 shrink-0 text-destructive" aria-hidden="true" />
        <p>
          <strong className="text-destructive">{mutation.error.message}</strong>
          <br />
          The link may have expired or been used already. You can subscribe again below.
        </p>
      </div>
    );
  }
  if (mutation.isSuccess) {
    return (
      <div
        role="status"
        className="flex gap-3 rounded-xl border border-success/40 bg-success/5 p-5 text-sm"
      >
        <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" />
        <p>{mutation.data.message ?? action.done}</p>
      </div>
    );
  }
  return <Spinner label={action.pending} className="justify-start py-4" />;
}
