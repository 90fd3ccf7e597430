import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useAuth } from '@/lib/session/use-auth';
import { Button } from '@/components/ui/button';
import { SidebarFooter } from './sidebar-footer';
import { SidebarNav, type SidebarCountValues } from './sidebar-nav';

type SidebarDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  counts: SidebarCountValues;
};

/** The sidebar on mobile: a drawer from the left. Its own chunk, loaded when first opened. */
export function SidebarDrawer({ open, onOpenChange, counts }: SidebarDrawerProps) {
  const { logoutMutation } = useAuth();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-testid="sidebar-drawer"
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-background shadow-2xl outline-none"
        >
          <div className="flex items-center justify-between border-b px-4 py-3">
            <DialogPrimitive.Title className="text-base font-semibold">
              Navigation
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close sidebar">
                <X />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <SidebarNav counts={counts} collapsed={false} />
          <SidebarFooter
            collapsed={false}
            mobile
            loggingOut={logoutMutation.isPending}
            onLogout={() =>
              logoutMutation.mutate(undefined, {
                onError: (error) => console.error('Logout failed', error),
                onSettled: () => onOpenChange(false),
              })
            }
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
