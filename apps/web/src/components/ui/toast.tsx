import type { ComponentProps } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Swiping right past 50 px dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      {...props}
    />
  );
}

export function ToastViewport({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        // Full width on phones; from md up at most 420 px wide, in the bottom-right corner.
        'fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

export const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=closed]:opacity-0',
  {
    variants: {
      variant: {
        default: 'border-border bg-background text-foreground',
        success:
          'border-success/40 bg-background text-foreground [&_[data-toast-accent]]:bg-success',
        destructive:
          'border-destructive bg-destructive text-destructive-foreground [&_[data-toast-accent]]:hidden',
        warning:
          'border-warning/50 bg-background text-foreground [&_[data-toast-accent]]:bg-warning',
        info: 'border-primary/40 bg-background text-foreground [&_[data-toast-accent]]:bg-primary',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastProps = ComponentProps<typeof ToastPrimitive.Root> &
  VariantProps<typeof toastVariants>;

export function Toast({ className, variant, children, ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      data-variant={variant ?? 'default'}
      className={cn(toastVariants({ variant }), className)}
      {...props}
    >
      {/* A coloured edge tells the variant apart without relying on text colour alone. */}
      <span data-toast-accent aria-hidden="true" className="absolute inset-y-0 left-0 w-1" />
      {children}
    </ToastPrimitive.Root>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-90', className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        'absolute top-2 right-2 rounded-md p-1 opacity-60 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

export const ToastAction = ToastPrimitive.Action;
