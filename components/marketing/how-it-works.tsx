const STEPS = [
  {
    title: "Pick a scenario",
    body: "Choose a roleplay your organisation prepared: a discovery call, a tough interview, a pitch to a sceptical board.",
  },
  {
    title: "Talk it through",
    body: "Start the call and speak naturally. The persona stays in character, with its own goals and objections.",
  },
  {
    title: "Read your grade",
    body: "Within moments you see your scores, the stages and topics you covered, and three things to do better next time.",
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold text-primary">How it works</p>
          <h2 id="how-title" className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            From nervous to ready in three steps
          </h2>
        </div>
        <ol className="mt-12 grid gap-8 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="relative">
              <span
                className="grid size-10 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                aria-hidden
              >
                {i + 1}
              </span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
