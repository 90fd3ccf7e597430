import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, MailWarning } from 'lucide-react';
import type { User } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

type EmailVerificationDialogProps = { user: User; open: boolean; onContinue: () => void };

/**
 * The blocking e-mail verification dialog: no outside click, no Escape, no close button; the
 * only ways out are verifying or continuing without verification for this session.
 */
export function EmailVerificationDialog({ user, open, onContinue }: EmailVerificationDialogProps) {
  const [sent, setSent] = useState(false);
  const resend = useMutation({
    mutationFn: () => request(endpoints.auth.resendVerification, { body: { email: user.email } }),
    onSuccess: () => {
      setSent(true);
      toast({
        title: 'Verification Email Sent',
        description: 'Please check your email for the verification link.',
        variant: 'success',
      });
    },
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to resend verification email. Please try again.',
        variant: 'destructive',
      }),
  });

  return (
    <Dialog open={open}>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-warning/15 text-warning sm:mx-0">
            <MailWarning className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle>Verify your e-mail address</DialogTitle>
          <DialogDescription>
            We sent a verification link to <strong className="text-foreground">{user.email}</strong>
            . Verify your address to order clusters and receive billing and security notices.
          </DialogDescription>
        </DialogHeader>
        {sent ? (
          <div
            role="status"
            className="flex items-start gap-2 rounded-lg border border-success/40 bg-success/10 p-3 text-sm"
          >
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <p>
              A new verification e-mail is on its way to {user.email}. Follow the link in it, then
              come back to this page.
            </p>
          </div>
        ) : null}
        <DialogFooter className="sm:flex-col sm:items-stretch">
          <Button onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? 'Sending...' : 'Resend Verification Email'}
          </Button>
          <Button variant="ghost" className="text-muted-foreground" onClick={onContinue}>
            Continue Without Verification (Not Recommended)
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
