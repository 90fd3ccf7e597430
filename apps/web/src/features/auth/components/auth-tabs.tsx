import { useId, type KeyboardEvent, type ReactNode } from 'react';

export type AuthTab = 'sign-in' | 'register';

interface AuthTabsProps {
  value: AuthTab;
  onValueChange: (tab: AuthTab) => void;
  signIn: ReactNode;
  register: ReactNode;
}

const tabs: { value: AuthTab; label: string }[] = [
  { value: 'sign-in', label: 'Sign in' },
  { value: 'register', label: 'Create account' },
];

const triggerClass =
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/**
 * Sign in or create an account, as WAI-ARIA tabs: arrow keys, Home and End move to a tab and
 * select it, and only the selected panel is rendered. Written by hand rather than with Radix Tabs,
 * which would add about 9 KB of gzipped JavaScript to a public page kept under 150 KB.
 */
export function AuthTabs({ value, onValueChange, signIn, register }: AuthTabsProps) {
  const id = useId();
  const tabId = (tab: AuthTab) => `${id}-tab-${tab}`;
  const panelId = (tab: AuthTab) => `${id}-panel-${tab}`;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.value === value);
    const target = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: -1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = (target + tabs.length) % tabs.length;
    onValueChange(tabs[index]!.value);
    event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[index]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label="Sign in or create an account"
        aria-orientation="horizontal"
        onKeyDown={handleKeyDown}
        className="mb-6 flex rounded-lg bg-muted p-1"
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={panelId(tab.value)}
              data-state={selected ? 'active' : 'inactive'}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(tab.value)}
              className={triggerClass}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId(value)}
        aria-labelledby={tabId(value)}
        tabIndex={0}
        className="outline-none"
      >
        {value === 'register' ? register : signIn}
      </div>
    </div>
  );
}
