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
              <ul className="grid min-w-0 gap-2 sm:grid-cols-2 xl:grid-cols-3">
                {data[key].map((s: AnySeries) => (
                  <li
                    key={idOf(s)}
                    className="grid min-w-0 gap-2 rounded-md border bg-background p-3"
                    data-testid="skill"
                  >
                    <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
                      <span className="min-w-0 font-medium break-words">{s.label}</span>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="-my-1"
                        onClick={() => setSelected(idOf(s))}
                        aria-label={`Show ${s.label} on the chart`}
                        aria-pressed={idOf(s) === idOf(current)}
                      >
                        Chart
                      </Button>
                    </div>
                    <Figures series={s} viewer={viewer} min={rule.min_sessions} compact />
                  </li>
                ))}
              </ul>
            </section>
          ) : null,
        )}
      </div>
    </div>
  );
}

function Figures({
  series: s,
  viewer,
  min,
  compact,
}: {
  series: AnySeries;
  viewer: Viewer;
  min: number;
  compact?: boolean;
}) {
  const note = proficiencyText(s, viewer, min);
  const figures: [string, number | null][] = [
    ["First", s.first],
    ["Best", s.best],
    ["Latest", s.latest],
  ];
  return (
    <dl className={`grid grid-cols-4 gap-2 text-sm ${compact ? "" : "rounded-md bg-muted/40 p-3"}`}>
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
