import {
  currencies,
  currencySymbols,
  useCurrency,
  type BillingCycle,
  type CurrencyCode,
} from '@/lib/currency';
import { PreferenceSwitch } from './preference-switch';

const cycles: { value: BillingCycle; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];
const currencyOptions = currencies.map((code) => ({
  value: code,
  label: `${currencySymbols[code]} ${code}`,
}));

/** The currency and billing-cycle switches; both are stored preferences shared by every page. */
export function PriceControls() {
  const { currency, setCurrency, billingCycle, setBillingCycle } = useCurrency();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <PreferenceSwitch<BillingCycle>
        label="Billing cycle"
        options={cycles}
        value={billingCycle}
        onChange={setBillingCycle}
      />
      <PreferenceSwitch<CurrencyCode>
        label="Display currency"
        options={currencyOptions}
        value={currency}
        onChange={setCurrency}
      />
    </div>
  );
}
