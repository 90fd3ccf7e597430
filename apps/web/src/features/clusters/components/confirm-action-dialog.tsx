import { useState, type ReactNode } from 'react';
import type { Cluster } from '@alpenkube/contract';
import type { ButtonProps } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/use-toast';
import { useClusterChange } from '../queries';

/**
 * An action on a cluster that asks nothing but a confirmation (remove a pool, recycle a node,
 * rotate the credentials). A refusal (409: the cluster changed meanwhile, the last pool) is a
 * toast with the server's message; success is a toast too, and the page then shows the change's
 * progress as the pushes arrive.
 */
export function ConfirmActionDialog({
  trigger,
  triggerProps,
  title,
  description,
  confirmLabel,
  pendingText,
  destructive = false,
  run,
  done,
  refused,
}: {
  trigger: ReactNode;
  triggerProps?: ButtonProps;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingText: string;
  destructive?: boolean;
  run: () => Promise<Cluster>;
  /** The success toast's title and text. */
  done: { title: string; description?: string };
  /** The refusal toast's title, e.g. "The pool was not removed"; its text is the server's. */
  refused: string;
}) {
  const [open, setOpen] = useState(false);
  const { toast } = useToast();
  const action = useClusterChange(run, {
    onSuccess: () => {
      setOpen(false);
      toast({ ...done, variant: 'success' });
    },
    onError: (error) => {
      setOpen(false);
      toast({ title: refused, description: error.message, variant: 'destructive' });
    },
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      triggerProps={triggerProps}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pendingText={pendingText}
      pending={action.isPending}
      destructive={destructive}
      onConfirm={() => action.mutate(undefined)}
    />
  );
}
