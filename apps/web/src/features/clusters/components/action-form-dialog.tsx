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
 * A change of a cluster asked through a small form in a dialog. The form is rendered only while
 * the dialog is open, so each opening starts from the cluster as it is now; `children` gets the
 * function that closes the dialog once the change is accepted. The forms load lazily: pointing
 * at or focusing the trigger starts loading them, so they are usually there when it opens.
 */
export function ActionFormDialog({
  trigger,
  triggerProps,
  title,
  description,
  children,
}: {
  trigger: ReactNode;
  triggerProps?: ButtonProps;
  title: string;
  description?: ReactNode;
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
      <DialogContent>
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
