import { useState } from 'react';
import { mfaEnableSchema } from '@alpenkube/contract/auth';
import { Check, Copy, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { PasswordInput } from '@/components/ui/password-input';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useEnableMfa, useStartMfaSetup } from '../queries';
import { CodeInput } from './code-input';
import { OtpQrCode } from './otp-qr-code';

/** Groups the base32 secret by four so it can be typed into an app without a camera. */
const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TwoFactorSetup() {
  const { toast } = useToast();
  const setup = useStartMfaSetup();
  const enable = useEnableMfa();
  const [copied, setCopied] = useState(false);
  const form = useZodForm(mfaEnableSchema, { defaultValues: { password: '', code: '' } });
  const onSubmit = form.handleSubmit((input) =>
    enable.mutate(input, {
      onSuccess: () =>
        toast({
          title: 'Two-factor authentication enabled',
          description: 'You will be asked for a code each time you sign in.',
          variant: 'success',
        }),
      onError: (error) => setServerErrors(form, error),
    }),
  );

  if (!setup.data) {
    return (
      <div className="grid gap-4">
        {setup.error ? <FormAlert>{setup.error.message}</FormAlert> : null}
        <p className="text-sm text-muted-foreground">
          Add a second step to sign-in with an authenticator app such as 1Password, Google
          Authenticator or Microsoft Authenticator.
        </p>
        <div>
          <SubmitButton
            type="button"
            pending={setup.isPending}
            pendingText="Preparing..."
            onClick={() => setup.mutate()}
          >
            <ShieldCheck aria-hidden="true" />
            Set up two-factor authentication
          </SubmitButton>
        </div>
      </div>
    );
  }

  const handleCopy = async () => {
    await navigator.clipboard.writeText(setup.data.secret);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr]">
      <OtpQrCode uri={setup.data.otpauthUri} />
      <Form {...form}>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="grid content-start gap-4"
          aria-label="Enable two-factor authentication"
        >
          <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            <li>Scan the QR code with your authenticator app.</li>
            <li>Enter the 6-digit code it shows and your password to confirm.</li>
          </ol>
          <div className="grid gap-1.5">
            <span className="text-xs font-medium text-muted-foreground">
              Can't scan? Enter this key
            </span>
            <div className="flex items-center gap-2">
              <code
                data-testid="mfa-secret"
                className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all"
              >
                {groupSecret(setup.data.secret)}
              </code>
              <Button
                type="button"
                variant="outline"
                size="icon"
                onClick={handleCopy}
                aria-label="Copy key"
              >
                {copied ? (
                  <Check className="text-success" aria-hidden="true" />
                ) : (
                  <Copy aria-hidden="true" />
                )}
              </Button>
            </div>
          </div>
          <FormRootError />
          <FormInputField
            control={form.control}
            name="code"
            label="Code from the app"
            render={(field) => <CodeInput className="max-w-40" {...field} />}
          />
          <FormInputField
            control={form.control}
            name="password"
            label="Password"
            render={(field) => <PasswordInput autoComplete="current-password" {...field} />}
          />
          <div className="flex flex-wrap gap-2">
            <SubmitButton pending={enable.isPending} pendingText="Enabling...">
              Enable
            </SubmitButton>
            <Button type="button" variant="ghost" onClick={() => setup.reset()}>
              Cancel
            </Button>
          </div>
        </form>
      </Form>
    </div>
  );
}
