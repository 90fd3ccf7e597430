import type { User } from '@alpenkube/contract';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Separator } from '@/components/ui/separator';
import { TwoFactorDisable } from './two-factor-disable';
import { TwoFactorSetup } from './two-factor-setup';

export function TwoFactorCard({ user }: { user: User }) {
  const Icon = user.mfaEnabled ? ShieldCheck : ShieldOff;
  return (
    <div className="grid gap-5">
      <div className="flex items-center gap-3">
        <span
          className={
            user.mfaEnabled
              ? 'flex size-9 items-center justify-center rounded-lg bg-success/10 text-success'
              : 'flex size-9 items-center justify-center rounded-lg bg-muted text-muted-foreground'
          }
        >
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div className="flex-1">
          <p className="font-medium">Authenticator app</p>
          <p className="text-sm text-muted-foreground">Time-based one-time codes (TOTP)</p>
        </div>
        {user.mfaEnabled ? (
          <Badge variant="success">Enabled</Badge>
        ) : (
          <Badge variant="secondary">Off</Badge>
        )}
      </div>
      <Separator />
      {user.mfaEnabled ? <TwoFactorDisable /> : <TwoFactorSetup />}
    </div>
  );
}
