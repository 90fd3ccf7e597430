import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { ClusterLoadBalancers, ClusterVolumes } from '@alpenkube/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/use-toast';
import { useStorageChange } from './storage-queries';

/** Deletes one volume or load balancer after a confirmation; a refusal is a toast. */
export function RemoveResourceDialog({
  label,
  title,
  description,
  done,
  queryKey,
  run,
  disabled,
}: {
  /** The trigger's accessible name: "Delete volume data". */
  label: string;
  title: string;
  description: string;
  /** The success toast: "Volume data deleted". */
  done: string;
  queryKey: readonly unknown[];
  run: () => Promise<ClusterVolumes | ClusterLoadBalancers>;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { toast } = useToast();
  const remove = useStorageChange(queryKey, run, {
    onSuccess: () => {
      setOpen(false);
      toast({ title: done, variant: 'success' });
    },
    onError: (error) => {
      setOpen(false);
      toast({ title: 'Nothing was deleted', description: error.message, variant: 'destructive' });
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Trash2 aria-hidden="true" />}
      triggerProps={{ disabled, size: 'icon', variant: 'ghost', 'aria-label': label, title: label }}
      title={title}
      description={description}
      confirmLabel="Delete"
      pendingText="Deleting…"
      pending={remove.isPending}
      destructive
      onConfirm={() => remove.mutate(undefined)}
    />
  );
}
