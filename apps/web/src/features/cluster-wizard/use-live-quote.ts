import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import type { Catalog } from '@alpenkube/contract/catalog';
import { priceCluster, type Quote } from '@alpenkube/contract/pricing';
import { PROMO_CODE, promoDiscount } from '@alpenkube/contract/promo';
import { configOf, isPriceable, type WizardValues } from './wizard-schema';

export interface LiveQuote {
  /** Null while an answer is missing or refused: the engine prices valid configurations only. */
  quote: Quote | null;
  /** The promo code's discount on the chosen cycle's total, when the code typed is the promo's. */
  discount: number;
  values: WizardValues;
}

/** The engine in the browser, on every change of the answers; the server prices it again. */
export function useLiveQuote(catalog: Catalog): LiveQuote {
  const values = useWatch<WizardValues>() as WizardValues;
  const serialized = JSON.stringify(values);
  return useMemo(() => {
    const current = JSON.parse(serialized) as WizardValues;
    if (!isPriceable(current, catalog)) return { quote: null, discount: 0, values: current };
    const quote = priceCluster(configOf(current), catalog);
    const promo = current.promoCode.trim().toUpperCase() === PROMO_CODE;
    return { quote, discount: promo ? promoDiscount(quote.total) : 0, values: current };
  }, [serialized, catalog]);
}
