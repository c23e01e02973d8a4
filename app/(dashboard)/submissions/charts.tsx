"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { numberFormat } from "../_components/format";
import { formatDay } from "./answers";
import type { FilterRow, SpamView } from "./use-submission-params";

/**
 * The charts of the table's filtered set, counted by the server: submissions per day over the
 * last 30 days (an SVG with a title and description, and the same numbers as a table), and
 * for each choice field the count and share of each option.
 */
export function SubmissionCharts({ formUuid, filters, view }: { formUuid: string; filters: FilterRow[]; view: SpamView }) {
  const trpc = useTRPC();
  const stats = useQuery({
    ...trpc.submissions.stats.queryOptions({ formUuid, filters, view }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (!stats.data) return null;
  return (
    <section className="card charts" aria-labelledby="charts-title">
      <h2 id="charts-title">Overview</h2>
      <PerDayChart days={stats.data.perDay} />
      {stats.data.choices.map((c) => (
        <ChoiceSummary key={c.elementId} summary={c} />
      ))}
    </section>
  );
}

function PerDayChart({ days }: { days: { day: string; count: number }[] }) {
  const id = useId();
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((n, d) => n + d.count, 0);
  const W = 600;
  const H = 120;
  const bar = W / days.length;
  const busiest = days.reduce((a, d) => (d.count > a.count ? d : a), days[0]!);
  return (
    <figure className="chart">
      <figcaption className="chart-title">Submissions per day, last {days.length} days</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`} className="chart-svg" preserveAspectRatio="none">
        <title id={`${id}-t`}>Submissions per day, last {days.length} days</title>
        <desc id={`${id}-d`}>
          {numberFormat.format(total)} in all; the busiest day was {formatDay(busiest.day)} with {numberFormat.format(busiest.count)}.
        </desc>
        {days.map((d, i) => {
          const h = (d.count / max) * H;
          return <rect key={d.day} x={i * bar + 1} y={H - h} width={Math.max(1, bar - 2)} height={h} className="chart-bar" />;
        })}
        <line x1="0" x2={W} y1={H} y2={H} className="chart-axis" vectorEffect="non-scaling-stroke" />
      </svg>
      {/* Outside the SVG: it stretches to the card's width, which would stretch text too. */}
      <div className="chart-axis-labels" aria-hidden="true">
        <span>{formatDay(days[0]!.day)}</span>
        <span>{formatDay(days[days.length - 1]!.day)}</span>
      </div>
      <details className="chart-data">
        <summary>Show the numbers</summary>
        <div className="table-wrap">
          <table className="table" aria-label="Submissions per day">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Submissions</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <td>{formatDay(d.day)}</td>
                  <td>{numberFormat.format(d.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function ChoiceSummary({
  summary,
}: {
  summary: {
    elementId: string;
    label: string;
    answered: number;
    options: { value: string; label: string; count: number; percent: number }[];
  };
}) {
  return (
    <div className="choice-summary">
      <h3>{summary.label}</h3>
      <p className="muted">{summary.answered === 1 ? "1 answer" : `${numberFormat.format(summary.answered)} answers`}</p>
      <table className="table choice-table" aria-label={`Answers to ${summary.label}`}>
        <thead>
          <tr>
            <th scope="col">Option</th>
            <th scope="col">Count</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {summary.options.map((o) => (
            <tr key={o.value}>
              <td>{o.label}</td>
              <td>{numberFormat.format(o.count)}</td>
              <td>
                <span className="share">
                  <span className="share-bar" aria-hidden="true">
                    <span style={{ width: `${Math.min(100, o.percent)}%` }} />
                  </span>
                  {o.percent}%
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
