import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, UserX } from 'lucide-react';
import type { Person } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { isOfficerQuery } from '../queries';
import { erasePerson, exportPerson } from '../requests';
import { EraseDialog } from './erase-dialog';
import { ExportDialog } from './export-dialog';

const REASON_MIN = 10;

/**
 * What an officer does for one person: export their data (art. 15) or erase them (art. 17),
 * each with the reason the register keeps; an erasure asks a second time in a dialog.
 */
export function PersonActions({ person, onErased }: { person: Person; onErased: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const reasonOk = reason.trim().length >= REASON_MIN;
  const refresh = () =>
    queryClient.invalidateQueries({
      predicate: (query) => isOfficerQuery(query.queryKey),
    });

  const exporting = useMutation({
    mutationFn: (password: string) =>
      exportPerson({ userId: person.id, reason: reason.trim(), password }),
    onSuccess: (fileName) => {
      toast({ title: 'Export downloaded', description: fileName, variant: 'success' });
      setExportOpen(false);
      setReason('');
      void refresh();
    },
  });
  const erasing = useMutation({
    mutationFn: ({ confirmation, password }: { confirmation: string; password: string }) =>
      erasePerson({ userId: person.id, reason: reason.trim(), confirmation, password }),
    onSuccess: (request) => {
      toast({
        title: 'Person erased',
        description: `They now appear as ${request.pseudonym}.`,
        variant: 'success',
      });
      setConfirming(false);
      setReason('');
      void refresh();
      onErased();
    },
  });

  return (
    <section
      className="space-y-4 rounded-xl border p-4"
      aria-label={`Requests for ${person.username}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold break-all">{person.username}</h2>
        {person.erasedAt ? <Badge variant="secondary">Erased</Badge> : null}
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">E-mail</dt>
        <dd className="break-all">{person.email}</dd>
        <dt className="text-muted-foreground">Name</dt>
        <dd>{person.name ?? '—'}</dd>
        <dt className="text-muted-foreground">Organization</dt>
        <dd>{person.organization.name}</dd>
        <dt className="text-muted-foreground">Role, status</dt>
        <dd>
          {person.role}, {person.status}
        </dd>
      </dl>
      <div className="space-y-2">
        <Label htmlFor="request-reason">Reason (kept in the register)</Label>
        <Textarea
          id="request-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. Art. 15 request received by e-mail on 20 November, ticket T-100231"
          rows={3}
        />
        {reason && !reasonOk ? (
          <p className="text-sm text-muted-foreground">At least {REASON_MIN} characters.</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={!reasonOk}
          onClick={() => {
            exporting.reset();
            setExportOpen(true);
          }}
        >
          <Download className="size-4" aria-hidden="true" /> Export data (.zip)…
        </Button>
        {person.erasedAt ? null : (
          <Button
            size="sm"
            variant="destructive"
            disabled={!reasonOk}
            onClick={() => {
              erasing.reset();
              setConfirming(true);
            }}
          >
            <UserX className="size-4" aria-hidden="true" /> Erase…
          </Button>
        )}
      </div>
      <ExportDialog
        person={person}
        open={exportOpen}
        onOpenChange={setExportOpen}
        pending={exporting.isPending}
        error={exporting.error?.message}
        onConfirm={(password) => exporting.mutate(password)}
      />
      <EraseDialog
        person={person}
        open={confirming}
        onOpenChange={setConfirming}
        pending={erasing.isPending}
        error={erasing.error?.message}
        onConfirm={(confirmation, password) => erasing.mutate({ confirmation, password })}
      />
    </section>
  );
}
