import type { ReactNode } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { currencySymbols, useCurrency, type BillingCycle, type CurrencyCode } from '@/lib/currency';
import { useTheme, type Theme } from '@/lib/theme';
import { SegmentedControl, type SegmentOption } from './segmented-control';

const currencyOptions: SegmentOption<CurrencyCode>[] = (['EUR', 'USD', 'GBP'] as const).map(
  (code) => ({ value: code, label: `${currencySymbols[code]} ${code}` }),
);
const cycleOptions: SegmentOption<BillingCycle>[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];
const themeOptions: SegmentOption<Theme>[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/**
 * Display preferences live in this browser only, through the same stores the
 * header's currency picker and theme toggle use, so every control stays in step.
 */
export function PreferencesForm() {
  const { currency, setCurrency, billingCycle, setBillingCycle } = useCurrency();
  const { theme, setTheme } = useTheme();
  return (
    <div className="divide-y">
      <Row
        title="Display currency"
        text="Prices are converted from USD at today's rate, for display only."
      >
        <SegmentedControl
          label="Display currency"
          value={currency}
          options={currencyOptions}
          onValueChange={setCurrency}
        />
      </Row>
      <Row title="Billing cycle" text="Which price the catalog and estimator show first.">
        <SegmentedControl
          label="Billing cycle"
          value={billingCycle}
          options={cycleOptions}
          onValueChange={setBillingCycle}
        />
      </Row>
      <Row title="Theme" text="System follows your operating system's light or dark setting.">
        <SegmentedControl
          label="Theme"
          value={theme}
          options={themeOptions}
          onValueChange={setTheme}
        />
      </Row>
    </div>
  );
}

function Row({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      {children}
    </div>
  );
}
