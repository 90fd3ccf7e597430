import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridColumns, GridRows } from '@visx/grid';
import { clip, type ChartDatum, type ChartGeometry } from './chart-geometry';

/** A stacked series: its key in each datum's values, its name and colour (a CSS variable). */
export interface ChartSeries<Key extends string> {
  key: Key;
  label: string;
  color: string;
}

const AXIS_TEXT = { fill: 'var(--muted-foreground)', fontSize: 11, fontFamily: 'inherit' };
export const GRID_STROKE = 'var(--border)';

/** The grid lines along the value axis. */
export function ChartGrid({ geometry }: { geometry: ChartGeometry }) {
  const { horizontal, values, innerWidth, innerHeight, valueTicks } = geometry;
  return horizontal ? (
    <GridColumns scale={values} height={innerHeight} numTicks={valueTicks} stroke={GRID_STROKE} />
  ) : (
    <GridRows scale={values} width={innerWidth} numTicks={valueTicks} stroke={GRID_STROKE} />
  );
}

/** The category axis (days, or cluster names on the left) and the value axis. */
export function ChartAxes({
  geometry,
  tickOf,
  formatTick: format,
}: {
  geometry: ChartGeometry;
  tickOf: ReadonlyMap<string, string>;
  /** A value axis's tick, knowing the axis's top value. */
  formatTick: (value: number, max: number) => string;
}) {
  const { horizontal, categories, values, categoryTicks, valueTicks, innerHeight, margin } =
    geometry;
  const top = values.domain()[1] ?? 0;
  const formatTick = (tick: unknown) => format(Number(tick), top);
  if (horizontal) {
    return (
      <>
        <AxisLeft
          scale={categories}
          tickValues={categoryTicks}
          tickFormat={(key) => clip(tickOf.get(key) ?? key, margin.left / 7)}
          hideTicks
          stroke={GRID_STROKE}
          tickLabelProps={{ ...AXIS_TEXT, dx: -4 }}
        />
        <AxisBottom
          top={innerHeight}
          scale={values}
          numTicks={valueTicks}
          tickFormat={formatTick}
          stroke={GRID_STROKE}
          tickStroke={GRID_STROKE}
          tickLabelProps={AXIS_TEXT}
        />
      </>
    );
  }
  return (
    <>
      <AxisLeft
        scale={values}
        numTicks={valueTicks}
        tickFormat={formatTick}
        hideAxisLine
        hideTicks
        tickLabelProps={{ ...AXIS_TEXT, dx: -2 }}
      />
      <AxisBottom
        top={innerHeight}
        scale={categories}
        tickValues={categoryTicks}
        tickFormat={(key) => tickOf.get(key) ?? key}
        stroke={GRID_STROKE}
        tickStroke={GRID_STROKE}
        tickLabelProps={AXIS_TEXT}
      />
    </>
  );
}

/** The colour key under a chart. */
export function ChartLegend<Key extends string>({
  series,
}: {
  series: readonly ChartSeries<Key>[];
}) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
      {series.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The figures of the bar pointed at, beside it. Hidden from screen readers: the table beside
 * the chart reads the same numbers.
 */
export function ChartTooltip<Key extends string>({
  datum,
  series,
  total,
  formatValue,
  geometry,
}: {
  datum: ChartDatum<Key>;
  series: readonly ChartSeries<Key>[];
  total: number;
  formatValue: (value: number) => string;
  geometry: ChartGeometry;
}) {
  const { horizontal, categories, margin, innerWidth } = geometry;
  const at = categories(datum.key) ?? 0;
  // Vertical: beside the bar, on whichever side has room; horizontal: under the row.
  const position = horizontal
    ? { top: margin.top + at + categories.step(), left: margin.left }
    : at > innerWidth / 2
      ? { top: margin.top, right: `calc(100% - ${margin.left + at - 4}px)` }
      : { top: margin.top, left: margin.left + at + categories.bandwidth() + 4 };
  const shown = series.filter((item) => datum.values[item.key] !== 0);
  return (
    <div
      aria-hidden="true"
      data-testid="chart-tooltip"
      className="pointer-events-none absolute z-10 min-w-40 rounded-md border bg-popover p-2 text-xs text-popover-foreground shadow-md"
      style={position}
    >
      <p className="mb-1 font-semibold">{datum.label}</p>
      <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5">
        {shown.map((item) => (
          <div key={item.key} className="contents">
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <span className="size-2 rounded-sm" style={{ background: item.color }} />
              {item.label}
            </dt>
            <dd className="text-right tabular-nums">{formatValue(datum.values[item.key])}</dd>
          </div>
        ))}
        {shown.length > 1 || shown.length === 0 ? (
          <div className="contents font-medium">
            <dt>Total</dt>
            <dd className="text-right tabular-nums">{formatValue(total)}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
