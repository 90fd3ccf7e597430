import type { User } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useSchemaForm } from '@/components/ui/use-schema-form';
import { useToast } from '@/components/ui/use-toast';
import { useUpdateProfile } from '../queries';

const loadSchema = () => import('@alpenkube/contract/auth').then((m) => m.updateProfileSchema);

export function ProfileForm({ user }: { user: User }) {
  const { toast } = useToast();
  const mutation = useUpdateProfile();
  const { errors, formProps } = useSchemaForm(
    loadSchema,
    (input) =>
      mutation.mutate(input, {
        onSuccess: (updated) =>
          toast({
            title: 'Profile updated',
            description:
              updated.email !== user.email
                ? `We sent a verification link to ${updated.email}.`
                : 'Your changes are saved.',
            variant: 'success',
          }),
      }),
    // An empty name is stored as no name; an empty password field is no password.
    (values) => ({
      ...values,
      name: values.name?.trim() ? values.name : null,
      currentPassword: values.currentPassword ? values.currentPassword : undefined,
    }),
  );

  return (
    <form {...formProps} className="grid gap-5" aria-label="Profile">
      {mutation.error ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <dl className="grid gap-4 rounded-lg bg-muted/60 p-4 text-sm sm:grid-cols-3">
        <Fact label="Username" value={user.username} />
        <Fact label="Organization" value={user.companyName ?? 'Organization'} />
        <Fact label="Billing ID" value={user.companyId ?? 'N/A'} mono />
      </dl>
      <FormField label="Full name" error={errors.name}>
        <Input name="name" defaultValue={user.name ?? ''} autoComplete="name" />
      </FormField>
      <FormField
        label={
          <span className="flex items-center gap-2">
            E-mail
            {user.emailVerified ? (
              <Badge variant="success">Verified</Badge>
            ) : (
              <Badge variant="warning">Not verified</Badge>
            )}
          </span>
        }
        error={errors.email}
        description="Changing it sends a verification link to the new address."
      >
        <Input name="email" type="email" defaultValue={user.email} autoComplete="email" />
      </FormField>
      <FormField
        label="Current password"
        error={errors.currentPassword}
        description="Needed only to change the e-mail address."
      >
        <PasswordInput name="currentPassword" autoComplete="current-password" />
      </FormField>
      <div className="flex justify-end">
        <SubmitButton pending={mutation.isPending} pendingText="Saving...">
          Save profile
        </SubmitButton>
      </div>
    </form>
  );
}

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className={mono ? 'mt-1 truncate font-mono' : 'mt-1 truncate font-medium'}>{value}</dd>
    </div>
  );
}
