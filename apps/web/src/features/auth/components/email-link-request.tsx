import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { MailCheck, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/components/ui/use-schema-form';
import { paths } from '@/config/paths';
import { AuthCard } from './auth-card';

const loadSchema = () => import('@alpenkube/contract/auth').then((m) => m.emailOnlySchema);

interface EmailLinkRequestProps {
  icon: LucideIcon;
  title: string;
  description: string;
  submitLabel: string;
  pendingText: string;
  /** What the link in the e-mail does, for the confirmation text. */
  linkPurpose: string;
  request: (email: string) => Promise<{ message: string }>;
}

/**
 * Asks for an e-mail address and mails a one-time link (password reset, magic sign-in). The
 * server answers the same whether or not the address exists, and so does this page.
 */
export function EmailLinkRequest(props: EmailLinkRequestProps) {
  const mutation = useMutation({ mutationFn: props.request });
  const { errors, formProps } = useSchemaForm(loadSchema, ({ email }) => mutation.mutate(email));
  const backToSignIn = (
    <Link to={paths.auth} className="font-medium text-primary hover:underline">
      Back to sign in
    </Link>
  );

  if (mutation.isSuccess) {
    return (
      <AuthCard
        icon={MailCheck}
        tone="success"
        title="Check your inbox"
        description={
          <>
            If an account uses <strong className="text-foreground">{mutation.variables}</strong>, we
            have sent it a link to {props.linkPurpose}. The link works once and expires soon.
          </>
        }
        footer={backToSignIn}
      >
        <FormAlert variant="success">{mutation.data.message}</FormAlert>
        <Button variant="outline" className="mt-4 w-full" onClick={() => mutation.reset()}>
          Use a different address
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={props.icon}
      title={props.title}
      description={props.description}
      footer={backToSignIn}
    >
      <form {...formProps} className="grid gap-5" aria-label={props.title}>
        {mutation.error ? <FormAlert>{mutation.error.message}</FormAlert> : null}
        <FormField label="E-mail address" error={errors.email}>
          <Input name="email" type="email" autoComplete="email" spellCheck={false} autoFocus />
        </FormField>
        <SubmitButton
          pending={mutation.isPending}
          pendingText={props.pendingText}
          size="lg"
          className="w-full"
        >
          {props.submitLabel}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
