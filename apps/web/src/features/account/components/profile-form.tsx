import { z } from 'zod';
import type { User } from '@alpenkube/contract';
import { updateProfileSchema } from '@alpenkube/contract/auth';
import { Badge } from '@/components/ui/badge';
import { SubmitButton } from '@/components/ui/form';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormInputField,
  FormItem,
  FormLabel,
  FormMessage,
  FormRootError,
} from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useUpdateProfile } from '../queries';

/**
 * The form holds strings; an emptied name is sent as no name and an empty password field as no
 * password, then the contract's schema checks what goes out.
 */
const profileFormSchema = z
  .object({ name: z.string(), email: z.string(), currentPassword: z.string() })
  .transform(({ name, email, currentPassword }) => ({
    name: name.trim() ? name : null,
    email,
    ...(currentPassword ? { currentPassword } : {}),
  }))
  .pipe(updateProfileSchema);

export function ProfileForm({ user }: { user: User }) {
  const { toast } = useToast();
  const mutation = useUpdateProfile();
  const form = useZodForm(profileFormSchema, {
    defaultValues: { name: user.name ?? '', email: user.email, currentPassword: '' },
  });
  const onSubmit = form.handleSubmit((input) =>
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
      onError: (error) => setServerErrors(form, error),
    }),
  );

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-5"
        aria-label="Profile"
      >
        <FormRootError />
        <dl className="grid gap-4 rounded-lg bg-muted/60 p-4 text-sm sm:grid-cols-3">
          <Fact label="Username" value={user.username} />
          <Fact label="Organization" value={user.companyName ?? 'Organization'} />
          <Fact label="Billing ID" value={user.companyId ?? 'N/A'} mono />
        </dl>
        <FormInputField
          control={form.control}
          name="name"
          label="Full name"
          render={(field) => <Input autoComplete="name" {...field} />}
        />
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>
                <span className="flex items-center gap-2">
                  E-mail
                  {user.emailVerified ? (
                    <Badge variant="success">Verified</Badge>
                  ) : (
                    <Badge variant="warning">Not verified</Badge>
                  )}
                </span>
              </FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" {...field} />
              </FormControl>
              <FormDescription>
                Changing it sends a verification link to the new address.
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormInputField
          control={form.control}
          name="currentPassword"
          label="Current password"
          description="Needed only to change the e-mail address."
          render={(field) => <PasswordInput autoComplete="current-password" {...field} />}
        />
        <div className="flex justify-end">
          <SubmitButton pending={mutation.isPending} pendingText="Saving...">
            Save profile
          </SubmitButton>
        </div>
      </form>
    </Form>
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
