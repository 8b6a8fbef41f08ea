import type { Persona } from "@/lib/validations/persona";
import type { Scenario } from "@/lib/validations/scorecard";

/** What the learner knows going into the call. Never the persona's private pains, goals or close. */
export type ScenarioBrief = {
  kind: string;
  objective: string;
  persona: { name: string; role: string };
  company: { name?: string; industry?: string; size?: string } | null;
  situation: string;
};

const DEFAULT_OBJECTIVES: Record<string, string> = {
  "sales-discovery":
    "Find out how they work today, uncover their problems and what those cost them, then agree a concrete next step.",
  "cold-call": "Earn a few minutes of attention, find one problem worth solving, and book a follow-up.",
  renewal:
    "Understand why the renewal is at risk, uncover what the customer needs, and agree a way to keep the account.",
  interview: "Answer well, ask thoughtful questions about the team and the role, and leave them wanting a next round.",
  "customer-service": "Understand the customer's problem, calm the situation, and agree how it will be resolved.",
  pitch: "Make your case clearly, handle the questions and objections, and agree what happens next.",
};
const DEFAULT_KIND = "sales-discovery";

export function buildBrief(persona: Persona, scenario: Scenario | null): ScenarioBrief {
  const kind = scenario?.kind ?? DEFAULT_KIND;
  const objective = scenario?.objective.trim() || undefined;
  const company = persona.company;
  return {
    kind,
    objective: objective ?? DEFAULT_OBJECTIVES[kind] ?? DEFAULT_OBJECTIVES[DEFAULT_KIND],
    persona: { name: persona.name, role: persona.role },
    company:
      company?.name || company?.industry || company?.size
        ? { name: company.name, industry: company.industry, size: company.size }
        : null,
    situation: persona.situation,
  };
}
