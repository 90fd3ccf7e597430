import type { ChartGeometry } from './chart-geometry';

/** A segment of a stacked bar as visx's stack layout places it. */
export type StackBar = { index: number; x: number; y: number; width: number; height: number };

/** One series' segments across the bars (empty ones left out). */
export function Segments({
  series,
  bars,
  color,
}: {
  series: string;
  bars: StackBar[];
  color: string;
}) {
  return (
    <g data-series={series}>
      {bars
        .filter((bar) => bar.width > 0 && bar.height > 0)
        .map((bar) => (
          <rect
            key={bar.index}
            data-testid="chart-bar"
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            style={{ fill: color }}
          />
        ))}
    </g>
  );
}

/** The band of the bar pointed at. */
export function Highlight({ geometry, at }: { geometry: ChartGeometry; at: string }) {
  const { horizontal, categories, innerWidth, innerHeight } = geometry;
  const start = categories(at) ?? 0;
  return (
    <rect
      x={horizontal ? 0 : start}
      y={horizontal ? start : 0}
      width={horizontal ? innerWidth : categories.bandwidth()}
      height={horizontal ? categories.bandwidth() : innerHeight}
      style={{ fill: 'var(--muted)' }}
    />
  );
}

/** A transparent area per bar, its whole band, so even a thin or empty bar can be pointed at. */
export function HitAreas({
  geometry,
  data,
  onPoint,
}: {
  geometry: ChartGeometry;
  data: readonly { key: string }[];
  onPoint: (index: number) => void;
}) {
  const { horizontal, categories, innerWidth, innerHeight } = geometry;
  const step = categories.step();
  const gap = (step - categories.bandwidth()) / 2;
  return (
    <g>
      {data.map((datum, index) => {
        const start = (categories(datum.key) ?? 0) - gap;
        return (
          <rect
            key={datum.key}
            x={horizontal ? 0 : start}
            y={horizontal ? start : 0}
            width={horizontal ? innerWidth : step}
            height={horizontal ? step : innerHeight}
            fill="transparent"
            data-testid="chart-hit-area"
            data-key={datum.key}
            onPointerEnter={() => onPoint(index)}
            onPointerDown={() => onPoint(index)}
          />
        );
      })}
    </g>
  );
}
