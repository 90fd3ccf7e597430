import { CopyButton } from '@/components/ui/copy-button';
import { FormAlert } from '@/components/ui/form';

/** The new token, shown this once: the server keeps only its hash. */
export function TokenReveal({ token, name }: { token: string; name: string }) {
  return (
    <div className="grid gap-3">
      <FormAlert variant="warning" title="Copy the token now">
        This is the only time “{name}” is shown. We keep only a hash of it: if you lose it, revoke
        it and create another. Treat it like a password.
      </FormAlert>
      <div className="flex items-center gap-2 rounded-md border bg-muted/50 px-3 py-2">
        <code className="min-w-0 flex-1 font-mono text-sm break-all" data-testid="new-api-token">
          {token}
        </code>
        <CopyButton text={token} label="Copy the token" />
      </div>
      <p className="text-xs text-muted-foreground">
        Send it as <code className="font-mono">Authorization: Bearer …</code> with each API call.
      </p>
    </div>
  );
}
