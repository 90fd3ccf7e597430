import type { ReactNode } from 'react';
import { Tabs } from 'radix-ui';

export type AuthTab = 'sign-in' | 'register';

interface AuthTabsProps {
  value: AuthTab;
  onValueChange: (tab: AuthTab) => void;
  signIn: ReactNode;
  register: ReactNode;
}

const triggerClass =
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

export function AuthTabs({ value, onValueChange, signIn, register }: AuthTabsProps) {
  return (
    <Tabs.Root value={value} onValueChange={(tab) => onValueChange(tab as AuthTab)}>
      <Tabs.List
        aria-label="Sign in or create an account"
        className="mb-6 flex rounded-lg bg-muted p-1"
      >
        <Tabs.Trigger value="sign-in" className={triggerClass}>
          Sign in
        </Tabs.Trigger>
        <Tabs.Trigger value="register" className={triggerClass}>
          Create account
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="sign-in" className="outline-none">
        {signIn}
      </Tabs.Content>
      <Tabs.Content value="register" className="outline-none">
        {register}
      </Tabs.Content>
    </Tabs.Root>
  );
}
