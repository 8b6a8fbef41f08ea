"use client";

import { useId, useState } from "react";

import { ScoreText } from "@/components/dashboard/score-text";
import { Button } from "@/components/ui/button";
import { practiseMoreText } from "@/lib/progress/proficiency";
import type { CohortProgressView, CohortSeries, LearnerProgressView, SkillSeries } from "@/lib/progress/summarise";

import { ProgressChart, shortDate } from "./progress-chart";

type Rule = { proficiency_rule: { min_sessions: number; half_life_sessions: number } };
export type ProgressData =
  ({ scope: "learner" } & LearnerProgressView & Rule) | ({ scope: "cohort" } & CohortProgressView & Rule);
type AnySeries = SkillSeries | CohortSeries;
/** Whose progress it is: the learner's own words differ from an instructor's. */
export type Viewer = "self" | "instructor";

const GROUPS = [
  ["roleplays", "Roleplays"],
  ["criteria", "Scorecard criteria"],
  ["stages", "SPIN stages"],
] as const;
const idOf = (s: AnySeries) => `${s.kind}:${s.key}`;
const isCohort = (s: AnySeries): s is CohortSeries => "proficient_learners" in s;

function proficiencyText(s: AnySeries, viewer: Viewer, min: number) {
  if (isCohort(s)) {
    return s.proficient_learners === 0
      ? `No learner has ${min} sessions yet`
      : `${s.proficient_learners} of ${s.learners} ${s.learners === 1 ? "learner has" : "learners have"} ${min}+ sessions`;
  }
  if (s.proficiency !== null) return null;
  if (viewer === "self") return practiseMoreText(s.sessions);
  return `${s.sessions_needed} more ${s.sessions_needed === 1 ? "session" : "sessions"} before a proficiency`;
}

/** Progress by skill: pick a skill, see its scores over time, and first, best, latest and proficiency for each. */
export function SkillProgress({ data, viewer }: { data: ProgressData; viewer: Viewer }) {
  const id = useId();
  const [selected, setSelected] = useState("overall:overall");
  const all: AnySeries[] = [data.overall, ...data.roleplays, ...data.criteria, ...data.stages];
  const current = all.find((s) => idOf(s) === selected) ?? data.overall;
  const cohort = data.scope === "cohort";
  const rule = data.proficiency_rule;
  const label = `${current.label}: ${current.points.length} ${cohort ? "weekly means" : "sessions"}${
    current.points.length
      ? ` from ${shortDate(current.points[0].at)} to ${shortDate(current.points[current.points.length - 1].at)}, first ${current.points[0].score}, latest ${current.points[current.points.length - 1].score}`
      : ""
  }`;

  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid min-w-0 gap-3 lg:grid-cols-[3fr_2fr] lg:gap-x-6">
        <div className="grid gap-1.5 sm:max-w-sm lg:col-start-2 lg:row-start-1">
          <label htmlFor={`${id}-skill`} className="text-sm font-medium">
            Skill
          </label>
          <select
            id={`${id}-skill`}
            value={idOf(current)}
            onChange={(e) => setSelected(e.target.value)}
            className="h-11 w-full min-w-0 rounded-md border bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9"
          >
            <option value="overall:overall">Overall score</option>
            {GROUPS.map(([key, name]) =>
              data[key].length ? (
                <optgroup key={key} label={name}>
                  {data[key].map((s: AnySeries) => (
                    <option key={idOf(s)} value={idOf(s)}>
                      {s.label}
                    </option>
                  ))}
                </optgroup>
              ) : null,
            )}
          </select>
        </div>
        <figure className="grid min-w-0 gap-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <ProgressChart points={current.points} label={label} />
          <figcaption className="text-sm text-muted-foreground">
            {cohort
              ? `${current.label}: the cohort's mean score each week (dashed lines: 60 and 80).`
              : `${current.label}: score of each graded session, oldest first (dashed lines: 60 and 80).`}
          </figcaption>
          <PointsTable series={current} cohort={cohort} />
        </figure>
        <div className="min-w-0 lg:col-start-2 lg:row-start-2">
          <Figures series={current} viewer={viewer} min={rule.min_sessions} />
        </div>
      </div>
      <div className="grid min-w-0 gap-4">
        <p className="text-xs text-muted-foreground">
          Proficiency is a weighted mean of {cohort ? "each learner's" : "the"} scores in a skill: the latest session
          counts most, and the weight halves every {rule.half_life_sessions} sessions back. It shows from{" "}
          {rule.min_sessions} sessions on.{cohort ? " First, best and latest are means over the learners." : ""}
        </p>
        {GROUPS.map(([key, name]) =>
          data[key].length ? (
            <section key={key} aria-labelledby={`${id}-${key}`} className="grid min-w-0 gap-2">
              <h3 id={`${id}-${key}`} className="text-sm font-medium">
                {name}
              </h3>
              <SkillTable
                rows={data[key]}
                name={name}
                viewer={viewer}
                min={rule.min_sessions}
                current={idOf(current)}
                onChart={setSelected}
              />
            </section>
          ) : null,
        )}
      </div>
    </div>
  );
}

/** One row per skill: a table on wider screens, a small card per row on a phone. */
function SkillTable({
  rows,
  name,
  viewer,
  min,
  current,
  onChart,
}: {
  rows: AnySeries[];
  name: string;
  viewer: Viewer;
  min: number;
  current: string;
  onChart: (id: string) => void;
}) {
  const cohort = rows.some(isCohort);
  const cell = "py-2 pr-2 align-top tabular-nums max-sm:py-0";
  const phoneLabel = (text: string) => <span className="block text-xs text-muted-foreground sm:hidden">{text}</span>;
  return (
    <table className="w-full text-sm sm:table-fixed">
      <caption className="sr-only">{name}: first, best and latest score and proficiency</caption>
      {/* The same columns in every group's table, so they line up one under another. */}
      <colgroup>
        <col className="sm:w-[34%]" />
        <col className="sm:w-[9%]" />
        <col className="sm:w-[9%]" />
        <col className="sm:w-[9%]" />
        <col className="sm:w-[9%]" />
        <col className="sm:w-[20%]" />
        <col className="sm:w-[10%]" />
      </colgroup>
      <thead className="max-sm:sr-only">
        <tr className="border-b text-left text-xs text-muted-foreground">
          <th scope="col" className="py-2 pr-2 font-medium">
            Skill
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            {cohort ? "Learners" : "Sessions"}
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            {cohort ? "First (mean)" : "First"}
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            {cohort ? "Best (mean)" : "Best"}
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            {cohort ? "Latest (mean)" : "Latest"}
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            Proficiency
          </th>
          <th scope="col" className="py-2 font-medium">
            <span className="sr-only">Chart</span>
          </th>
        </tr>
      </thead>
      <tbody className="max-sm:grid max-sm:gap-2">
        {rows.map((s) => {
          const note = proficiencyText(s, viewer, min);
          return (
            <tr
              key={idOf(s)}
              data-testid="skill"
              className="border-b last:border-0 max-sm:grid max-sm:grid-cols-4 max-sm:gap-x-2 max-sm:gap-y-1 max-sm:rounded-md max-sm:border max-sm:bg-background max-sm:p-3 max-sm:last:border"
            >
              <th
                scope="row"
                className="py-2 pr-2 text-left align-top font-medium break-words max-sm:col-span-3 max-sm:py-0"
              >
                {s.label}
              </th>
              <td className={cell}>
                {phoneLabel(isCohort(s) ? "Learners" : "Sessions")}
                {isCohort(s) ? s.learners : s.sessions}
              </td>
              {(["first", "best", "latest"] as const).map((f) => (
                <td key={f} className={cell}>
                  {phoneLabel(f[0].toUpperCase() + f.slice(1))}
                  <ScoreText score={s[f]} />
                </td>
              ))}
              <td className="py-2 pr-2 align-top max-sm:col-span-4 max-sm:py-0" data-testid="proficiency">
                {phoneLabel("Proficiency")}
                {s.proficiency !== null ? <ScoreText score={s.proficiency} /> : null}
                {note ? (
                  <span
                    className={
                      s.proficiency !== null ? "ml-2 text-xs text-muted-foreground" : "text-xs text-muted-foreground"
                    }
                  >
                    {note}
                  </span>
                ) : null}
              </td>
              <td className="py-1 text-right align-top max-sm:col-start-4 max-sm:row-start-1 max-sm:py-0">
                <Button
                  size="sm"
                  variant="ghost"
                  className="-my-1"
                  onClick={() => onChart(idOf(s))}
                  aria-label={`Show ${s.label} on the chart`}
                  aria-pressed={idOf(s) === current}
                >
                  Chart
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Figures({ series: s, viewer, min }: { series: AnySeries; viewer: Viewer; min: number }) {
  const note = proficiencyText(s, viewer, min);
  const figures: [string, number | null][] = [
    ["First", s.first],
    ["Best", s.best],
    ["Latest", s.latest],
  ];
  return (
    <dl className="grid grid-cols-4 gap-2 rounded-md bg-muted/40 p-3 text-sm" data-testid="selected-skill">
      <div>
        <dt className="text-xs text-muted-foreground">{isCohort(s) ? "Learners" : "Sessions"}</dt>
        <dd className="tabular-nums">{isCohort(s) ? s.learners : s.sessions}</dd>
      </div>
      {figures.map(([name, v]) => (
        <div key={name}>
          <dt className="text-xs text-muted-foreground">{name}</dt>
          <dd>
            <ScoreText score={v} />
          </dd>
        </div>
      ))}
      <div className="col-span-4">
        <dt className="text-xs text-muted-foreground">Proficiency</dt>
        <dd data-testid="proficiency">
          {s.proficiency !== null ? <ScoreText score={s.proficiency} className="text-base" /> : null}
          {note ? (
            <span className={s.proficiency !== null ? "ml-2 text-xs text-muted-foreground" : "text-muted-foreground"}>
              {note}
            </span>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

/** The chart's points for screen readers (the chart itself is a picture). */
function PointsTable({ series, cohort }: { series: AnySeries; cohort: boolean }) {
  return (
    <div className="sr-only">
      <table>
        <caption>{series.label}: scores over time</caption>
        <thead>
          <tr>
            <th scope="col">{cohort ? "Week of" : "Date"}</th>
            <th scope="col">{cohort ? "Mean score" : "Score"}</th>
            {cohort ? <th scope="col">Sessions</th> : null}
          </tr>
        </thead>
        <tbody>
          {series.points.map((p, i) => (
            <tr key={`${p.at}-${i}`}>
              <td>{shortDate(p.at)}</td>
              <td>{p.score}</td>
              {cohort ? <td>{p.sessions}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
