import { useState } from 'react';
import { Group } from '@visx/group';
import { BarStack, BarStackHorizontal } from '@visx/shape';
import { chartGeometry, type ChartDatum } from './chart-geometry';
import { HitAreas, Highlight, Segments, type StackBar } from './chart-marks';
import { ChartAxes, ChartGrid, ChartLegend, ChartTooltip, type ChartSeries } from './chart-parts';
import { useWidth } from '@/lib/use-width';
import './usage-charts.css';

export type { ChartDatum } from './chart-geometry';
export type { ChartSeries } from './chart-parts';

/**
 * A stacked bar chart (visx: d3 scales, d3's stack layout, SVG): one bar per datum and one
 * coloured segment per series, vertical (days along the bottom) or horizontal (a row per
 * cluster). Colours are the theme's CSS variables, so it follows the light and dark theme with
 * no redraw. Pointing at a bar, or tapping it, shows its figures; the table beside each chart
 * gives the same numbers to everyone, so the SVG is one labelled image for screen readers.
 */
export function StackedBarChart<Key extends string>({
  data,
  series,
  label,
  formatValue,
  formatTick = formatValue,
  orientation = 'vertical',
  height = 260,
}: {
  data: readonly ChartDatum<Key>[];
  series: readonly ChartSeries<Key>[];
  /** What the chart shows, for screen readers. */
  label: string;
  formatValue: (value: number) => string;
  /** The value axis's ticks (`formatValue` when not given), knowing the axis's top value. */
  formatTick?: (value: number, max: number) => string;
  orientation?: 'vertical' | 'horizontal';
  height?: number;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hovered, setHovered] = useState<number | null>(null);
  const keys = series.map((item) => item.key);
  const geometry = chartGeometry({ data, keys, width, orientation, height });
  const { horizontal, margin, categories, values } = geometry;
  const colorOf = new Map(series.map((item) => [item.key, item.color]));
  const color = (key: Key) => colorOf.get(key) ?? 'var(--muted-foreground)';
  const value = (datum: ChartDatum<Key>, key: Key) => datum.values[key];
  const tickOf = new Map(data.map((datum) => [datum.key, datum.tick ?? datum.label]));
  const shown = hovered === null ? undefined : data[hovered];
  const bars = (stacks: { key: Key; bars: StackBar[] }[]) =>
    stacks.map((stack) => (
      <Segments key={stack.key} series={stack.key} bars={stack.bars} color={color(stack.key)} />
    ));

  return (
    <div className="space-y-3">
      <div ref={ref} className="relative w-full" style={{ height: geometry.chartHeight }}>
        {width > 0 ? (
          <svg
            width={width}
            height={geometry.chartHeight}
            role="img"
            aria-label={label}
            onPointerLeave={(event) => {
              // A tap leaves at once: its figures stay until the next tap.
              if (event.pointerType === 'mouse') setHovered(null);
            }}
          >
            <Group left={margin.left} top={margin.top}>
              <ChartGrid geometry={geometry} />
              {shown ? <Highlight geometry={geometry} at={shown.key} /> : null}
              {horizontal ? (
                <BarStackHorizontal<ChartDatum<Key>, Key>
                  data={[...data]}
                  keys={keys}
                  value={value}
                  y={(datum) => datum.key}
                  xScale={values}
                  yScale={categories}
                  color={color}
                >
                  {bars}
                </BarStackHorizontal>
              ) : (
                <BarStack<ChartDatum<Key>, Key>
                  data={[...data]}
                  keys={keys}
                  value={value}
                  x={(datum) => datum.key}
                  xScale={categories}
                  yScale={values}
                  color={color}
                >
                  {bars}
                </BarStack>
              )}
              <HitAreas geometry={geometry} data={data} onPoint={setHovered} />
              <ChartAxes geometry={geometry} tickOf={tickOf} formatTick={formatTick} />
            </Group>
          </svg>
        ) : null}
        {shown && hovered !== null ? (
          <ChartTooltip
            datum={shown}
            series={series}
            total={shown.total ?? geometry.totals[hovered]!}
            formatValue={formatValue}
            geometry={geometry}
          />
        ) : null}
      </div>
      <ChartLegend series={series} />
    </div>
  );
}
