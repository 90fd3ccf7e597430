import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { TOAST_DEFAULT_DURATION_MS, dismissToast, useToast } from './use-toast';

/** Renders the toast store; mounted once at the root of the app. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={TOAST_DEFAULT_DURATION_MS}>
      {toasts.map(({ id, title, description, variant, duration, action, open }) => (
        <Toast
          key={id}
          open={open}
          variant={variant}
          duration={duration ?? TOAST_DEFAULT_DURATION_MS}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1 pl-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
