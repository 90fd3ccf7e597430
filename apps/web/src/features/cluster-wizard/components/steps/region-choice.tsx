import type { Ref } from 'react';
import type { Region } from '@alpenkube/contract/catalog';
import { Badge } from '@/components/ui/badge';
import { ChoiceCard } from '../choice-group';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryName(code: string) {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** How the region's factor moves infrastructure prices: "+20%", "−5%", or nothing at ×1.00. */
export function priceFactorLabel(basisPoints: number): string | null {
  const percent = Math.round((basisPoints - 10_000) / 100);
  if (percent === 0) return null;
  return percent > 0 ? `+${percent}% infrastructure` : `−${-percent}% infrastructure`;
}

export function RegionChoice({
  region,
  checked,
  invalid,
  inputRef,
  onChoose,
}: {
  region: Region;
  checked: boolean;
  invalid: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChoose: () => void;
}) {
  const factor = priceFactorLabel(region.priceFactorBasisPoints);
  return (
    <ChoiceCard
      name="region"
      value={region.code}
      checked={checked}
      invalid={invalid}
      inputRef={inputRef}
      onChange={onChoose}
      className="p-3"
    >
      <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="min-w-0">
          <span className="font-medium">
            {region.city}, {countryName(region.country)}
          </span>{' '}
          <span className="font-mono text-xs text-muted-foreground">{region.code}</span>
        </span>
        <span className="flex items-center gap-2">
          {factor ? <span className="text-xs text-muted-foreground">{factor}</span> : null}
          {region.jurisdiction === 'eu' ? (
            <Badge variant="success">EU jurisdiction</Badge>
          ) : (
            <Badge variant="warning">Outside the EU</Badge>
          )}
        </span>
      </span>
    </ChoiceCard>
  );
}
