import { Mic, PhoneOff } from "lucide-react";

const BARS = [30, 55, 80, 100, 70, 45, 25];

const TRANSCRIPT = [
  { who: "You", text: "When a shipment slips, what does that cost your team in a typical week?" },
  { who: "Dana", text: "Honestly? Weekend overtime, and a lot of very unhappy customers." },
  { who: "You", text: "If that went away, what would it free your planners up to do?" },
  { who: "Dana", text: "Plan ahead, for once, instead of firefighting every Monday." },
];

const SCORES = [
  { label: "Overall", value: 84 },
  { label: "SPIN", value: 78 },
  { label: "Human connection", value: 88 },
];

/** A static, illustrative picture of a call and its grade; nothing here is live data. */
export function ProductPreview() {
  return (
    <figure className="relative mx-auto mt-16 max-w-5xl text-left">
      <div className="rounded-2xl border bg-card/80 p-2 shadow-2xl shadow-primary/10 backdrop-blur">
        <div className="grid gap-2 md:grid-cols-[1.4fr_1fr]">
          <CallPanel />
          <GradePanel />
        </div>
      </div>
      <figcaption className="mt-3 text-center text-xs text-muted-foreground">
        Example call and grade, for illustration.
      </figcaption>
    </figure>
  );
}

function CallPanel() {
  return (
    <div className="flex flex-col rounded-xl border bg-background p-5">
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <div
            className="grid size-10 place-items-center rounded-full bg-accent font-semibold text-accent-foreground"
            aria-hidden
          >
            DW
          </div>
          <div>
            <p className="text-sm font-semibold">Dana Whitfield</p>
            <p className="text-xs text-muted-foreground">VP Operations · Northwind Logistics</p>
          </div>
        </div>
        <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-[oklch(0.42_0.12_150)]">
          Speaking
        </span>
      </div>
      <div className="mt-5 flex h-16 items-center justify-center gap-1.5" aria-hidden>
        {BARS.map((h, i) => (
          <span key={i} className="w-2.5 rounded-full bg-primary/80" style={{ height: `${h}%` }} />
        ))}
      </div>
      <ul className="mt-5 space-y-2 text-sm">
        {TRANSCRIPT.map((line, i) => (
          <li key={i} className={line.who === "You" ? "text-foreground" : "text-muted-foreground"}>
            <span className="font-medium">{line.who}:</span> {line.text}
          </li>
        ))}
      </ul>
      <div className="mt-auto flex items-center justify-center gap-2 pt-5" aria-hidden>
        <span className="grid size-9 place-items-center rounded-full border bg-secondary">
          <Mic className="size-4" />
        </span>
        <span className="grid size-9 place-items-center rounded-full bg-destructive text-destructive-foreground">
          <PhoneOff className="size-4" />
        </span>
      </div>
    </div>
  );
}

function GradePanel() {
  return (
    <div className="flex flex-col rounded-xl border bg-background p-5">
      <p className="text-sm font-semibold">Conversation Grade</p>
      <dl className="mt-4 space-y-4">
        {SCORES.map((s) => (
          // dt/dd sit directly in the div, as HTML allows: the bar is drawn by the dd's own background.
          <div key={s.label} className="grid grid-cols-[1fr_auto] items-baseline gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">{s.label}</dt>
            <dd className="font-semibold tabular-nums">{s.value}</dd>
            <dd className="col-span-2 h-1.5 overflow-hidden rounded-full bg-secondary" aria-hidden>
              <div
                className={`h-full rounded-full ${s.value >= 80 ? "bg-success" : "bg-warning"}`}
                style={{ width: `${s.value}%` }}
              />
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 rounded-lg bg-muted p-3 text-sm">
        <p className="font-medium">Strength</p>
        <p className="mt-1 text-muted-foreground">Strong implication questions that let the buyer name the cost.</p>
      </div>
      <div className="mt-2 rounded-lg bg-muted p-3 text-sm">
        <p className="font-medium">Try next time</p>
        <p className="mt-1 text-muted-foreground">Confirm the decision process before proposing a pilot.</p>
      </div>
    </div>
  );
}
