import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import { beijingFormat } from '../../../shared/lib/day';
import 'uplot/dist/uPlot.min.css';

const RED = '#c4161c';
const GREEN = '#1a8a4a';
const GRID = '#eeeeee';
const DAY_S = 86_400;
const AXIS = {
  stroke: '#767676',
  grid: { stroke: GRID, width: 1 },
  ticks: { show: false },
  font: '11px sans-serif',
};

/** Beijing wall-clock label of a Unix second (the stock days are Beijing days). */
const beijing = (seconds: number, withDate: boolean) =>
  beijingFormat(seconds * 1000, withDate ? 'M/D' : 'HH:mm');

/**
 * A uPlot canvas chart sized to its container's width (redrawn when the phone turns or the data
 * moves). `series` are the y arrays over `x`; `band` fills between two of them (high and low).
 */
function Chart({
  x,
  series,
  band,
  days,
  label,
}: {
  x: number[];
  series: { values: number[]; stroke: string; width: number; label: string }[];
  band?: [number, number];
  days: boolean;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || x.length === 0) return;
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height: 200,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 6 } },
      scales: {
        x: {
          time: false,
          // whole days on the daily chart, a week wide around a single day
          range: (_u, min, max) =>
            days
              ? min === max
                ? [min - 3 * DAY_S, max + 3 * DAY_S]
                : [min - DAY_S / 2, max + DAY_S / 2]
              : [min, max],
        },
      },
      axes: [
        {
          ...AXIS,
          values: (_u, ticks) => ticks.map((t) => beijing(t, days)),
          space: 60,
          size: 30,
          // the daily chart labels exactly its days
          ...(days ? { splits: () => x } : {}),
        },
        { ...AXIS, size: 52, values: (_u, ticks) => ticks.map((t) => t.toFixed(0)) },
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.stroke,
          width: s.width,
          points: { show: x.length < 40 },
        })),
      ],
      bands: band ? [{ series: band, fill: 'rgba(196, 22, 28, 0.08)' }] : [],
    };
    const chart = new uPlot(opts, [x, ...series.map((s) => s.values)], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: 200 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [x, series, band, days]);
  return <div ref={box} className="stock-chart" role="img" aria-label={label} />;
}

/** Today's index, draw by draw (the line the draws' digits come from). */
export function IntradayChart({ points }: { points: { openTime: number; indexValue: string }[] }) {
  const { x, series } = useMemo(() => {
    const values = points.map((p) => Number(p.indexValue));
    const up = values.length < 2 || values[values.length - 1]! >= values[0]!;
    return {
      x: points.map((p) => Math.floor(p.openTime / 1000)),
      series: [{ values, stroke: up ? RED : GREEN, width: 2, label: '指数' }],
    };
  }, [points]);
  return <Chart x={x} series={series} days={false} label="今日指数走势" />;
}

/** One point per day: the close, with the day's high-low range shaded. */
const HIGH_LOW: [number, number] = [2, 3];

export function DaysChart({ days }: { days: { date: string; close: string; high: string; low: string }[] }) {
  const { x, series } = useMemo(
    () => ({
      x: days.map((d) => Date.parse(`${d.date}T00:00:00+08:00`) / 1000),
      series: [
        { values: days.map((d) => Number(d.close)), stroke: RED, width: 2, label: '收盘' },
        {
          values: days.map((d) => Number(d.high)),
          stroke: 'rgba(196, 22, 28, 0.35)',
          width: 1,
          label: '最高',
        },
        {
          values: days.map((d) => Number(d.low)),
          stroke: 'rgba(26, 138, 74, 0.45)',
          width: 1,
          label: '最低',
        },
      ],
    }),
    [days],
  );
  return <Chart x={x} series={series} band={HIGH_LOW} days label="近7日指数" />;
}
