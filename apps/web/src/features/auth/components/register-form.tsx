import { PASSWORD_MIN } from '@alpenkube/contract/password-policy';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { useSchemaForm } from '@/components/ui/use-schema-form';
import { useAuth } from '@/lib/session/use-auth';
import { useInvitation } from '../queries';

const loadSchema = () => import('@alpenkube/contract/auth').then((m) => m.registerSchema);

const optional = <span className="font-normal text-muted-foreground">(optional)</span>;

export function RegisterForm({ invitation }: { invitation?: string }) {
  const { registerMutation } = useAuth();
  const invited = useInvitation(invitation);
  const offer = invited.data;
  const { errors, formProps } = useSchemaForm(loadSchema, (input) =>
    registerMutation.mutate(input),
  );
  return (
    <form {...formProps} className="grid gap-5" aria-label="Create account">
      {registerMutation.error ? <FormAlert>{registerMutation.error.message}</FormAlert> : null}
      {offer ? (
        <FormAlert variant="info" title={`You are joining ${offer.organizationName}`}>
          {offer.invitedBy ? `${offer.invitedBy} invited you` : 'You were invited'} as{' '}
          {offer.role === 'admin' ? 'an admin' : 'a member'}. Your account is ready to use as soon
          as you create it.
        </FormAlert>
      ) : invited.error ? (
        <FormAlert title="This invitation cannot be used">{invited.error.message}</FormAlert>
      ) : null}
      {offer ? <input type="hidden" name="invitation" value={invitation} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Username" error={errors.username}>
          <Input name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} />
        </FormField>
        <FormField label={<>Full name {optional}</>} error={errors.name}>
          <Input name="name" autoComplete="name" />
        </FormField>
      </div>
      <FormField label="Work e-mail" error={errors.email}>
        {offer ? (
          // The invitation was mailed to this address: the account must use it.
          <Input name="email" type="email" readOnly value={offer.email} />
        ) : (
          <Input name="email" type="email" autoComplete="email" spellCheck={false} />
        )}
      </FormField>
      <FormField
        label="Password"
        error={errors.password}
        description={`At least ${PASSWORD_MIN} characters. A passphrase of a few words works well.`}
      >
        <PasswordInput name="password" autoComplete="new-password" />
      </FormField>
      {offer ? null : (
        <>
          <FormField label={<>Company name {optional}</>} error={errors.companyName}>
            <Input name="companyName" autoComplete="organization" />
          </FormField>
          <FormAlert variant="info" title="Joining your company's organization">
            If your e-mail address is at a domain an organization on Alpenkube has verified, you
            join it as a pending member until one of its admins approves you. Otherwise a new
            organization is created with you as its admin, pending our review. You can sign in and
            explore meanwhile; ordering opens once you are approved.
          </FormAlert>
        </>
      )}
      <SubmitButton
        pending={registerMutation.isPending}
        pendingText="Creating account..."
        size="lg"
        className="w-full"
      >
        Create account
      </SubmitButton>
    </form>
  );
}
