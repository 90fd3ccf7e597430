import type { User } from '@alpenkube/contract';
import { Button, type ButtonProps } from '@/components/ui/button';
import { UserAvatar } from './user-avatar';
import { identityOf } from './user-identity';

/** The account menu's trigger: the user's initial in a round button. */
export function AccountMenuButton({ user, ...props }: ButtonProps & { user: User }) {
  const identity = identityOf(user);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="rounded-full"
      aria-label={`Account menu for ${identity.label}`}
      {...props}
    >
      <UserAvatar initial={identity.initial} />
    </Button>
  );
}
