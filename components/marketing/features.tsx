import { AudioLines, Bot, Building2, ClipboardCheck, GraduationCap, type LucideIcon, TrendingUp } from "lucide-react";

const FEATURES: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Bot,
    title: "AI personas with a point of view",
    body: "Each persona has a role, a situation, pain points and goals, so a sceptical CFO sounds different from a curious recruiter.",
  },
  {
    icon: AudioLines,
    title: "Live voice roleplay",
    body: "Speak out loud in a real-time audio room. The persona listens, answers and pushes back, just like the real conversation.",
  },
  {
    icon: ClipboardCheck,
    title: "Honest, automatic grading",
    body: "Every call gets an overall score, a SPIN score for your questioning and a human-connection score, with strengths and next steps.",
  },
  {
    icon: Building2,
    title: "Organisations and groups",
    body: "Admins write the scenarios, keep them public or assign them to groups, and see how every group is practising.",
  },
  {
    icon: TrendingUp,
    title: "Progress you can see",
    body: "Conversations, practice minutes and average score for every learner, so coaching time goes where it matters.",
  },
  {
    icon: GraduationCap,
    title: "Ready for the classroom",
    body: "Anonymous pilot accounts for students, a credit allowance per learner and scenarios tied to your course.",
  },
];

export function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 border-t bg-muted/30">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold text-primary">Features</p>
          <h2 id="features-title" className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            Practice that feels real, feedback that is specific
          </h2>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-xs transition-shadow hover:shadow-md">
              <span className="grid size-10 place-items-center rounded-lg bg-accent text-primary" aria-hidden>
                <Icon className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
