import type { Persona } from "@/lib/validations/persona";

import type { Random } from "./prng";

const FIRST = [
  "Ava",
  "Noah",
  "Mia",
  "Liam",
  "Zoe",
  "Omar",
  "Priya",
  "Chen",
  "Sofia",
  "Mateo",
  "Amara",
  "Jonas",
  "Leila",
  "Kenji",
  "Nadia",
  "Ethan",
  "Hana",
  "Diego",
  "Ines",
  "Tariq",
  "Grace",
  "Felix",
  "Yara",
  "Ruben",
  "Elif",
  "Marcus",
  "Aisha",
  "Lukas",
  "Maya",
  "Sam",
];
const LAST = [
  "Okafor",
  "Lindqvist",
  "Moreau",
  "Patel",
  "Nakamura",
  "Silva",
  "Kowalski",
  "Haddad",
  "Brennan",
  "Osei",
  "Schmidt",
  "Rossi",
  "Nguyen",
  "Garcia",
  "Khan",
  "Dubois",
  "Fischer",
  "Mensah",
  "Novak",
  "Reyes",
  "Walsh",
  "Ibrahim",
  "Larsen",
  "Costa",
];
const ORG_KINDS = [
  "University Sales Lab",
  "Business School",
  "Sales Academy",
  "Career Centre",
  "Customer Success Team",
  "Inside Sales",
  "MBA Programme",
  "Enterprise Sales",
  "Recruiting Team",
  "Partner Channel",
];
const CITIES = [
  "Riverside",
  "Northgate",
  "Lakeshore",
  "Harbor",
  "Summit",
  "Westbrook",
  "Eastfield",
  "Pinecrest",
  "Redwood",
  "Ashford",
  "Kingsbury",
  "Brightwater",
  "Oakridge",
  "Fairview",
  "Stonebridge",
  "Maple",
  "Clearwater",
  "Highland",
  "Silverton",
  "Bayview",
];
const ROLES = [
  "Head of Operations",
  "Finance Director",
  "VP Sales",
  "IT Manager",
  "Hiring Manager",
  "Procurement Lead",
  "Clinic Owner",
  "Head of Customer Success",
  "CTO",
  "Store Manager",
  "HR Business Partner",
  "Plant Manager",
];
const INDUSTRIES = [
  "Logistics",
  "SaaS",
  "Healthcare",
  "Retail",
  "Manufacturing",
  "Education",
  "Hospitality",
  "Financial services",
  "Construction",
  "Media",
];
const SCENARIOS = [
  "Discovery call",
  "Renewal at risk",
  "Cold call",
  "Interview",
  "Pricing objection",
  "Upsell",
  "Demo follow-up",
  "Negotiation",
  "Onboarding check-in",
  "Executive pitch",
];
const PAINS = [
  "Orders miss the carrier cut-off in peak weeks",
  "Churn rose four points this year",
  "Reporting takes two days every month",
  "Onboarding new staff takes six weeks",
  "The current vendor's support is slow",
  "Budgets were cut by 15%",
  "Data lives in five spreadsheets",
  "Overtime costs went up 30%",
  "Customers complain about response times",
  "Audits keep finding the same gaps",
];
const GOALS = [
  "Ship 99% of orders same day",
  "Cut costs back to last year's level",
  "Close the books in one day",
  "Halve onboarding time",
  "Raise customer satisfaction above 90",
  "Pass the next audit cleanly",
  "Grow revenue per account by 10%",
];
const LEARNER_LINES = [
  "Thanks for making the time today. Could you walk me through how this works for your team right now?",
  "What happens when volume jumps during your busiest weeks?",
  "How does that affect your customers and your budget?",
  "If you could fix that by next quarter, what would it mean for you personally?",
  "Who else would be involved in a decision like this?",
  "What have you tried so far, and what got in the way?",
  "Would it make sense to set up a short review with your team next week?",
  "Can I summarise what I heard before we talk about next steps?",
  "How are you measuring success on this today?",
  "What would have to be true for you to move forward?",
];
const PERSONA_LINES = [
  "I've got about fifteen minutes, so let's keep it short.",
  "Honestly, it's a mess in peak season and we throw overtime at it.",
  "The COO asks me about it every week.",
  "We tried a tool two years ago and the rollout ran six months late.",
  "I'd need to see numbers before I take this to finance.",
  "That would take a lot of pressure off my team.",
  "Procurement and IT would both want a say.",
  "If you keep it to 45 minutes, yes. Send me a couple of times.",
  "I'm not sure we have budget for anything new this year.",
  "That's fair. What would the first step look like?",
];
const STAGES = ["situation", "problem", "implication", "need-payoff"];
const STRENGTHS = [
  "Asked about the process before pitching",
  "Turned a number into a consequence",
  "Let the buyer state the payoff",
  "Summarised before proposing a next step",
  "Kept a calm, even pace",
];
const IMPROVE = [
  "Explore the decision process earlier",
  "Ask one more implication question before pitching",
  "Talk less during the opening",
  "Confirm budget before proposing a pilot",
  "Avoid stacking two questions at once",
];

export function personName(random: Random) {
  return `${random.pick(FIRST)} ${random.pick(LAST)}`;
}

export function organizationName(index: number, random: Random) {
  return `${CITIES[index % CITIES.length]} ${random.pick(ORG_KINDS)}`;
}

export function persona(random: Random): { name: string; description: string; persona: Persona } {
  const role = random.pick(ROLES);
  const industry = random.pick(INDUSTRIES);
  const who = personName(random);
  const scenario = random.pick(SCENARIOS);
  return {
    name: `${scenario}: ${industry.toLowerCase()} ${role.toLowerCase()}`,
    description: `${scenario} with a ${role.toLowerCase()} in ${industry.toLowerCase()}. Practise discovery before pitching.`,
    persona: {
      name: who,
      role,
      situation: `Runs a team of ${random.int(5, 400)} in a ${industry.toLowerCase()} business and agreed to a short call after a referral.`,
      background: `${random.int(3, 25)} years in ${industry.toLowerCase()}; cautious after a failed rollout.`,
      pain_points: random.sample(PAINS, random.int(1, 3)),
      goals: random.sample(GOALS, random.int(1, 2)),
      close: random.chance(0.6) ? "Would agree to a follow-up review if the value is clear." : undefined,
      company: {
        name: `${random.pick(CITIES)} ${industry}`,
        size: `${random.int(20, 5000)} employees`,
        industry,
        revenue: `$${random.int(2, 900)}M`,
      },
      personality: {
        communication_style: "Direct, short answers until trust is built",
        decision_making: "Needs numbers and a low-risk first step",
        concerns: "Another long implementation",
        motivations: "Being seen as the person who fixed it",
      },
    } as Persona,
  };
}

export function turnText(speaker: "learner" | "persona", random: Random) {
  return random.pick(speaker === "learner" ? LEARNER_LINES : PERSONA_LINES);
}

export function gradeResult(random: Random) {
  const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
  const score = clamp(random.normal(68, 13));
  const stages = STAGES.slice(0, random.int(1, 4));
  return {
    score,
    wpm: Math.round(random.normal(140, 18)),
    stages_covered: stages,
    topics_covered: random.sample(PAINS, random.int(0, 3)),
    feedback: {
      overall_feedback: "A structured call: you asked open questions and proposed a concrete next step.",
      spin_score: clamp(score + random.normal(0, 6)),
      spin_feedback: "You moved from situation to problem questions; implication questions were thin.",
      stage_scores: Object.fromEntries(stages.map((s) => [s, clamp(score + random.normal(0, 10))])),
      communication_score: clamp(score + random.normal(2, 7)),
      communication_feedback: "Clear pace and few filler words.",
      strengths: random.sample(STRENGTHS, 2),
      areas_for_improvement: random.sample(IMPROVE, 1),
      recommendations: random.sample(IMPROVE, 2),
    },
    metrics: {
      talk_ratio: Number((0.35 + random.next() * 0.3).toFixed(2)),
      questions: random.int(2, 12),
      fillers_per_minute: random.int(0, 4),
    },
  };
}
