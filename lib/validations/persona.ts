import { z } from "zod";

import { optionalText, requiredText } from "./common";

// optionalText: blank means absent, so an empty field never reaches the persona prompt.

/** Blank entries are dropped; at least one must remain. */
const entryList = (label: string) =>
  z
    .array(
      z
        .string({ error: `${label} must be text` })
        .max(500, `Each ${label.toLowerCase()} entry must be at most 500 characters`),
      {
        error: `${label} must be a list of text`,
      },
    )
    .max(20, `At most 20 ${label.toLowerCase()} entries`)
    .transform((items) => items.map((s) => s.trim()).filter((s) => s.length > 0))
    .refine((items) => items.length > 0, `At least one ${label.toLowerCase()} entry is required`);

/** An object whose fields are all blank is dropped too. */
const withoutEmpty = <T extends Record<string, unknown>>(value: T | undefined) =>
  value && Object.values(value).some((v) => v !== undefined) ? value : undefined;

const companySchema = z
  .object({
    name: optionalText("Company name", 200),
    size: optionalText("Company size", 200),
    revenue: optionalText("Company revenue", 200),
    industry: optionalText("Company industry", 200),
    challenges: optionalText("Company challenges", 2000),
    goals: optionalText("Company goals", 2000),
  })
  .strip();

const personalitySchema = z
  .object({
    communication_style: optionalText("Communication style", 1000),
    decision_making: optionalText("Decision making", 1000),
    concerns: optionalText("Concerns", 1000),
    motivations: optionalText("Motivations", 1000),
  })
  .strip();

export const personaSchema = z
  .object({
    name: requiredText("Persona name", 120),
    role: requiredText("Role", 200),
    situation: requiredText("Situation", 4000),
    background: requiredText("Background", 4000),
    pain_points: entryList("Pain points"),
    goals: entryList("Goals"),
    close: optionalText("Close", 1000),
    /** How guarded the persona is: how much it volunteers, how soon it objects, how easily it agrees. */
    difficulty: z.enum(["easy", "medium", "hard"], { error: "Difficulty must be easy, medium or hard" }).optional(),
    company: companySchema.transform(withoutEmpty).optional(),
    personality: personalitySchema.transform(withoutEmpty).optional(),
  })
  .strip();

export type Persona = z.output<typeof personaSchema>;
export type PersonaInput = z.input<typeof personaSchema>;
