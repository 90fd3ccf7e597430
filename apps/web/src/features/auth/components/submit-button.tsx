import { Loader2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

type SubmitButtonProps = ButtonProps & {
  pending: boolean;
  /** What the button says while the request runs, e.g. 'Signing in...'. */
  pendingText: string;
};

/** A form's submit button: disabled with a spinner while its request is pending. */
export function SubmitButton({ pending, pendingText, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending} aria-busy={pending} {...props}>
      {pending ? (
        <>
          <Loader2 className="animate-spin" aria-hidden="true" />
          {pendingText}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
