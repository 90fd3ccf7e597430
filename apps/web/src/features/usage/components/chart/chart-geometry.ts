import { scaleBand, scaleLinear } from '@visx/scale';

/** One bar: its key on the category axis, its labels, and a value per series (stacked). */
export interface ChartDatum<Key extends string> {
  key: string;
  /** The full label, in the tooltip. */
  label: string;
  /** The axis's label; `label` when not given. */
  tick?: string;
  values: Record<Key, number>;
  /** The total its tooltip states, when it is not the sum of its values (each rounded alone). */
  total?: number;
}

export type Orientation = 'vertical' | 'horizontal';

/** Below this many pixels per tick label, the category axis skips labels. */
const CATEGORY_TICK_SPACING = 64;
/** A horizontal chart's height per bar. */
export const BAR_ROW_HEIGHT = 28;

/**
 * Where everything goes in a chart `width` pixels wide: the margins (the value axis's labels,
 * or the cluster names of a horizontal chart), the band scale of the bars, the linear scale
 * of the stacked totals, and which categories get a tick label (at most one per 64 px).
 */
export function chartGeometry<Key extends string>({
  data,
  keys,
  width,
  orientation,
  height,
}: {
  data: readonly ChartDatum<Key>[];
  keys: readonly Key[];
  width: number;
  orientation: Orientation;
  height: number;
}) {
  const horizontal = orientation === 'horizontal';
  const chartHeight = horizontal ? data.length * BAR_ROW_HEIGHT + 36 : height;
  const totals = data.map((datum) => keys.reduce((sum, key) => sum + datum.values[key], 0));
  const max = Math.max(0, ...totals) || 1;
  const margin = horizontal
    ? { top: 4, right: 16, bottom: 28, left: Math.round(Math.min(140, Math.max(72, width * 0.3))) }
    : { top: 8, right: 8, bottom: 28, left: 64 };
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = Math.max(0, chartHeight - margin.top - margin.bottom);
  const categories = scaleBand<string>({
    domain: data.map((datum) => datum.key),
    range: horizontal ? [0, innerHeight] : [0, innerWidth],
    padding: 0.25,
  });
  const values = scaleLinear<number>({
    domain: [0, max],
    range: horizontal ? [0, innerWidth] : [innerHeight, 0],
    nice: true,
  });
  const everyNth = Math.max(
    1,
    Math.ceil(data.length / Math.max(1, Math.floor(innerWidth / CATEGORY_TICK_SPACING))),
  );
  return {
    horizontal,
    chartHeight,
    totals,
    margin,
    innerWidth,
    innerHeight,
    categories,
    values,
    categoryTicks: data
      .filter((_, index) => horizontal || index % everyNth === 0)
      .map((datum) => datum.key),
    valueTicks: horizontal ? Math.max(2, Math.floor(innerWidth / 90)) : 5,
  };
}

export type ChartGeometry = ReturnType<typeof chartGeometry>;

/** A long name cut to about what the axis has room for. */
export const clip = (text: string, characters: number) =>
  text.length > characters ? `${text.slice(0, Math.max(4, Math.floor(characters) - 1))}…` : text;
