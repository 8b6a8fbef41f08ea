import { describe, expect, it } from "vitest";

import { toClaudeMessages } from "@/lib/conversations/claude-reply";
import { buildPersonaPrompt } from "@/lib/conversations/persona-prompt";
import { personaSchema } from "@/lib/validations/persona";

const full = personaSchema.parse({
  name: "Marcus Oyelaran",
  role: "Finance Director",
  situation: "Contract renews in 30 days; asked to cut software spend by 15%.",
  background: "Former auditor who inherited the tool.",
  pain_points: ["Only 40% of purchased seats are active", "Cannot show the board what the tool returns"],
  goals: ["Meet the 15% cost-cutting target"],
  close: "Would accept a right-sized renewal with a usage review after 90 days.",
  company: {
    name: "Northwind",
    industry: "Wholesale",
    size: "800 people",
    revenue: "$200M",
    challenges: "Margins",
    goals: "Grow online",
  },
  personality: {
    communication_style: "Precise",
    decision_making: "Needs evidence",
    concerns: "Waste",
    motivations: "Board trust",
  },
});

describe("persona system prompt", () => {
  it("uses every persona field", () => {
    const prompt = buildPersonaPrompt(full);
    for (const value of [
      "Marcus Oyelaran",
      "Finance Director",
      full.situation,
      full.background,
      ...full.pain_points,
      ...full.goals,
      full.close!,
      "Northwind",
      "Wholesale",
      "800 people",
      "$200M",
      "Margins",
      "Grow online",
      "Precise",
      "Needs evidence",
      "Waste",
      "Board trust",
    ])
      expect(prompt).toContain(value);
  });

  it("holds pain points back until asked, stays in character and keeps spoken replies short", () => {
    const prompt = buildPersonaPrompt(full, "voice");
    expect(prompt).toMatch(/Do not volunteer these/);
    expect(prompt).toMatch(/Never say you are an AI/);
    expect(prompt).toMatch(/spoken aloud/);
    expect(buildPersonaPrompt(full, "text")).not.toMatch(/spoken aloud/);
  });

  it("carries the shared behaviour rules and the persona's difficulty (medium by default)", () => {
    const prompt = buildPersonaPrompt(full, "voice");
    expect(prompt).toMatch(/How guarded you are \(medium\)/);
    expect(prompt).toMatch(/third person; always speak as yourself/);
    expect(prompt).toMatch(/I'm not sure what problem that solves for us/);
    expect(prompt).toMatch(/no stage directions/);
    const hard = buildPersonaPrompt({ ...full, difficulty: "hard" }, "voice");
    expect(hard).toMatch(/How guarded you are \(hard\)/);
    expect(hard).toMatch(/brush off the first general question/);
    expect(buildPersonaPrompt({ ...full, difficulty: "easy" })).toMatch(/fairly open/);
  });

  it("leaves out company and personality when the persona has none", () => {
    const prompt = buildPersonaPrompt(
      personaSchema.parse({ ...full, company: undefined, personality: undefined, close: undefined }),
    );
    expect(prompt).not.toContain("## Your company");
    expect(prompt).not.toContain("## Your personality");
    expect(prompt).toContain("no fixed next step");
  });
});

describe("transcript to Claude messages", () => {
  it("merges same-speaker runs and always opens with the user", () => {
    expect(
      toClaudeMessages([
        { speaker: "persona", text: "Hello?" },
        { speaker: "learner", text: "Hi." },
        { speaker: "learner", text: "Got a minute?" },
        { speaker: "persona", text: "Briefly." },
      ]),
    ).toEqual([
      { role: "user", content: "(The call connects.)" },
      { role: "assistant", content: "Hello?" },
      { role: "user", content: "Hi.\nGot a minute?" },
      { role: "assistant", content: "Briefly." },
    ]);
  });
});
