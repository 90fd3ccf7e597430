import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { AreaClosed, LinePath } from '@visx/shape';
import type { MetricsRange } from '@alpenkube/contract';
import { useWidth } from '@/lib/use-width';
import { axisTick, timeTick, type ResourceSeries } from './metrics-data';
import './metrics-chart.css';

const MARGIN = { top: 8, right: 24, bottom: 28, left: 40 };
const HEIGHT = 180;
const AXIS_TEXT = { fill: 'var(--muted-foreground)', fontSize: 11, fontFamily: 'inherit' };
const GRID_STROKE = 'var(--border)';

interface Point {
  at: Date;
  value: number | null;
}

/**
 * One resource's use over the range as a line over a light area (visx: d3 scales, SVG), from
 * zero to what is allocatable, so the top of the chart is a full node or cluster. Colours are
 * the theme's CSS variables: it follows the light and dark theme with no redraw. The summary
 * table beside it gives the figures as text, so the SVG is one labelled image.
 */
export function MetricsChart({
  kind,
  series,
  from,
  stepSeconds,
  range,
  label,
}: {
  kind: 'cpu' | 'memory';
  series: ResourceSeries;
  from: string;
  stepSeconds: number;
  range: MetricsRange;
  label: string;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const start = new Date(from).getTime();
  // In the axis's unit (cores, GiB), so its ticks fall on round numbers.
  const unit = kind === 'cpu' ? 1000 : 1024 ** 3;
  const points: Point[] = series.values.map((value, index) => ({
    at: new Date(start + index * stepSeconds * 1000),
    value: value === null ? null : value / unit,
  }));
  const latest = points.findLast((point) => point.value !== null);
  const innerWidth = Math.max(width - MARGIN.left - MARGIN.right, 0);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const end = start + Math.max(points.length - 1, 1) * stepSeconds * 1000;
  const x = scaleTime({ domain: [new Date(start), new Date(end)], range: [0, innerWidth] });
  const peak = Math.max(series.allocatable / unit, ...points.map((point) => point.value ?? 0));
  const y = scaleLinear({ domain: [0, peak || 1], range: [innerHeight, 0], nice: true });
  const color = kind === 'cpu' ? 'var(--metrics-cpu)' : 'var(--metrics-memory)';
  const defined = (point: Point) => point.value !== null;
  const xOf = (point: Point) => x(point.at);
  const yOf = (point: Point) => y(point.value ?? 0);

  return (
    <div
      ref={ref}
      className="w-full"
      style={{ height: HEIGHT }}
      data-testid={`metrics-chart-${kind}`}
    >
      {width > 0 ? (
        <svg width={width} height={HEIGHT} role="img" aria-label={label}>
          <Group left={MARGIN.left} top={MARGIN.top}>
            <GridRows scale={y} width={innerWidth} numTicks={4} stroke={GRID_STROKE} />
            <AreaClosed<Point>
              data={points}
              x={xOf}
              y={yOf}
              yScale={y}
              defined={defined}
              fill={color}
              fillOpacity={0.12}
            />
            <LinePath<Point>
              data={points}
              x={xOf}
              y={yOf}
              defined={defined}
              stroke={color}
              strokeWidth={1.75}
            />
            {/* The latest sample, visible even where it is the only one (a node just joined). */}
            {latest ? <circle cx={xOf(latest)} cy={yOf(latest)} r={3} fill={color} /> : null}
            <AxisLeft
              scale={y}
              numTicks={4}
              tickFormat={(value) => axisTick(Number(value))}
              hideAxisLine
              hideTicks
              tickLabelProps={{ ...AXIS_TEXT, dx: -2 }}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              numTicks={width < 480 ? 3 : 6}
              tickFormat={(value) => timeTick(range, value as Date)}
              stroke={GRID_STROKE}
              tickStroke={GRID_STROKE}
              tickLabelProps={AXIS_TEXT}
            />
          </Group>
        </svg>
      ) : null}
    </div>
  );
}
