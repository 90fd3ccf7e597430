import { Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { loadForms } from './lazy-forms';

/**
 * A billing form in a dialog. The form is rendered only while the dialog is open, so each
 * opening starts from the data as it is now; `children` gets the function that closes the
 * dialog once the change is saved. Pointing at or focusing the trigger starts loading the
 * forms' chunk, so it is usually there when the dialog opens.
 */
export function FormDialog({
  trigger,
  triggerProps,
  title,
  description,
  wide = false,
  children,
}: {
  trigger: ReactNode;
  triggerProps?: ButtonProps;
  title: string;
  description?: ReactNode;
  wide?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          onPointerEnter={() => void loadForms()}
          onFocus={() => void loadForms()}
          {...triggerProps}
        >
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent className={wide ? 'max-w-xl' : undefined}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <Suspense fallback={<Spinner label="Loading the form…" className="py-6" />}>
          {open ? children(() => setOpen(false)) : null}
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
