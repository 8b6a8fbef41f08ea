/**
 * Word classes by lemma: what a word tends to signal in a sales conversation. They are features
 * for the act model and the vocabulary of the rules, never a decision on their own. One list per
 * idea, shared by the grader and the persona.
 */
const set = (s: string) => new Set(s.trim().split(/\s+/));

export const CLASSES = {
  /** Something is hard, failing or unsatisfying. */
  difficulty: set(`problem issue challenge difficult difficulty hard tough struggle frustrate frustrating frustration
    wrong break broken fail failure slow stuck complain complaint mess chaos annoy annoying painful pain worry worried
    concern headache bottleneck error mistake late delay miss missing lose lost behind manual tedious hassle trouble
    unhappy dissatisfied bad worse worst poor weak gap leak drop backlog overload overwhelm stress stressful
    inefficient inaccurate unreliable outdated crash downtime bother bothering bugging nightmare headaches`),
  /** Knock-on effects: money, time, people, customers, risk. */
  consequence: set(`cost expensive money revenue margin profit budget spend pay penalty fine lose loss churn
    customer client patient guest student reputation morale overtime burnout quit leave turnover risk audit
    effect affect impact consequence result mean knock downstream ripple happen end suffer hurt damage toll
    slip push delay waste wasted hour hours week weeks`),
  /** The value of a problem solved. */
  value: set(`help benefit value worth mean change improve free save gain win achieve matter important imagine
    ideal ideally success successful better easier faster look like difference unlock enable allow focus
    use spend invest reinvest happy glad relief notice care`),
  /** How things are: volumes, tools, process, people. */
  fact: set(`many much often long currently today now usually normally typically process tool system software
    team people staff handle manage run use track plan schedule who where when which how volume number size
    responsible involve decide approve budget timeline`),
  /** The seller's own offer. */
  offer: set(`our we us product platform solution tool software app feature demo pricing price discount
    offer provide sell build built customers clients case study`),
  /** A next step. */
  step: set(`meeting meet call demo pilot trial workshop session review walkthrough follow next step schedule
    book calendar invite send proposal quote contract sign introduce loop tuesday monday wednesday thursday friday
    tomorrow week`),
  /** Greetings, thanks, goodbyes. */
  social: set(`hi hello hey morning afternoon evening thanks thank weekend trip weather bye goodbye nice meet
    pleasure cheers holiday vacation`),
  /** Reading back or checking. */
  check: set(`confirm clarify recap summarise summarize correct right understand hear repeat`),
};

export type WordClass = keyof typeof CLASSES;

/** Words that point back at what was just said: "that", "it", "those". */
export const ANAPHORS = set(`that this it those these they them there then`);

/** Hypothetical markers. */
export const HYPOTHETICAL = set(`if would 'd could imagine suppose say once were`);

/** Marks of a problem solved inside a hypothetical ("without the chasing", "no longer"). */
export const SOLVED = set(
  `without gone fix fixed solve solved sort sorted away disappear halve cut automate stop back`,
);

/** Marks of a problem continuing or growing. */
export const CONTINUING = set(`continue keep carry grow worse double again still another persist remain stay`);

/** Words too common to show that two turns share a topic. */
export const STOP = set(`the a an and or but of to in on at for with from by is are was were be been it that this
  those these they them we you your our their i my me do does did have has had what how why when where who which
  about just really very so then there here some any more most much many can could would will should one two
  three percent around roughly get got go make thing lot yeah okay ok well right kind sort like know think mean
  say said tell want need time way also still even now today`);
