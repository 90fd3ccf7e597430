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

/**
 * A form in a dialog, opened by an outline button. The form is rendered only while the dialog
 * is open, so each opening starts from the data as it is now; `children` gets the function
 * that closes the dialog once the change is saved. Forms live in a lazy chunk: pointing at or
 * focusing the trigger calls `preload`, so the chunk is usually there when the dialog opens.
 */
export function FormDialog({
  trigger,
  triggerProps,
  title,
  description,
  wide = false,
  preload,
  children,
}: {
  trigger: ReactNode;
  triggerProps?: ButtonProps;
  title: string;
  description?: ReactNode;
  wide?: boolean;
  preload: () => unknown;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          onPointerEnter={() => void preload()}
          onFocus={() => void preload()}
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
