import { assignInlineVars } from "@vanilla-extract/dynamic";
import { useId } from "react";
import type { StatTone } from "../StatCard";
import * as s from "./FunnelChart.css";

export interface FunnelDatum {
  label: string;
  value: number;
  tone?: StatTone;
}

export interface FunnelChartProps {
  /** Title of the chart; also the caption of its data table. */
  title: string;
  data: readonly FunnelDatum[];
  /** "funnel" centres the bars (default); "bar" aligns them to the start. */
  shape?: "funnel" | "bar";
  /** Show each value as a percentage of the first one (the total). Default true. */
  showPercent?: boolean;
  formatValue?: (value: number) => string;
  className?: string;
}

const defaultFormat = (value: number) => value.toLocaleString("en-SG");

function percentOf(value: number, base: number): string {
  if (base <= 0) return "0%";
  const p = (value / base) * 100;
  return `${p >= 10 || p === 0 ? Math.round(p) : p.toFixed(1)}%`;
}

/**
 * A small bar/funnel chart (pure CSS) for figures such as Total, Sent, Delivered, Read, Failed. The drawing
 * is hidden from assistive technology; a visually hidden table carries the same values.
 */
export function FunnelChart({
  title,
  data,
  shape = "funnel",
  showPercent = true,
  formatValue = defaultFormat,
  className,
}: FunnelChartProps) {
  const titleId = useId();
  const max = Math.max(0, ...data.map((d) => d.value));
  const base = data[0]?.value ?? 0;
  return (
    <figure className={className ? `${s.figure} ${className}` : s.figure} aria-labelledby={titleId}>
      <figcaption id={titleId} className={s.caption}>
        {title}
      </figcaption>
      <div className={s.rows} aria-hidden="true">
        {data.map((d) => (
          <div key={d.label} className={s.row}>
            <span className={s.label}>{d.label}</span>
            <span className={s.track}>
              <span
                className={s.bar({ tone: d.tone ?? "primary", shape })}
                style={assignInlineVars({
                  [s.barWidth]: `${max > 0 ? (Math.max(d.value, 0) / max) * 100 : 0}%`,
                })}
              />
            </span>
            <span className={s.value}>
              {formatValue(d.value)}
              {showPercent && <span className={s.percent}>({percentOf(d.value, base)})</span>}
            </span>
          </div>
        ))}
      </div>
      <table className={s.visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col">Count</th>
            {showPercent && <th scope="col">Share of {data[0]?.label ?? "total"}</th>}
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{formatValue(d.value)}</td>
              {showPercent && <td>{percentOf(d.value, base)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
