import { z } from "zod";

import { flag, requiredText, routeId, text, uniqueIds, uuid } from "./common";
import { personaSchema } from "./persona";
import { authoredScorecardSchema, scenarioSchema } from "./scorecard";

export const MAX_RAW_TEXT = 20_000;

const groupIds = z
  .array(uuid("assigned_groups item", "Each assigned group must be a group id"), {
    error: "Assigned groups must be a list of group ids",
  })
  .max(200, "At most 200 assigned groups")
  .default([])
  .transform(uniqueIds);

const basics = {
  name: requiredText("Name", 200, { typeError: "Name is required" }),
  /** Required in the form (roleplayFormSchema); the API payload may omit it. */
  description: text("Description", 2000)
    .optional()
    .transform((v) => v ?? ""),
  is_public: z.boolean({ error: "is_public must be true or false" }).default(true),
  assigned_groups: groupIds,
  /** Omitted: a new roleplay is active; an edit keeps what it had. Inactive: nobody can start it. */
  is_active: z.boolean({ error: "is_active must be true or false" }).optional(),
  /** A short coaching hint after each learner turn while practising (never during an assessed assignment). */
  live_hints: z.boolean({ error: "live_hints must be true or false" }).optional(),
};

/** The roleplay payload: one schema for the API; the form's stricter rules extend it below. */
export const roleplayPayloadSchema = z.object({
  ...basics,
  schema_data: z.object(
    {
      persona: personaSchema,
      /** Optional in the payload: a missing scenario is sales discovery, a missing scorecard the kind's default. */
      scenario: scenarioSchema.optional(),
      scorecard: authoredScorecardSchema.optional(),
    },
    { error: "schema_data must hold a persona" },
  ),
});

export const autogeneratePayloadSchema = z.object({
  ...basics,
  /** In the edit form: regenerate this schema's persona from the text, keeping its id. */
  schema_id: uuid("schema_id", "schema_id must be a schema id").optional(),
  raw_text: requiredText("raw_text", MAX_RAW_TEXT, {
    typeError: "Please enter some text to generate the schema from",
    blank: "Please enter some text to generate the schema from",
    tooLong: `The text must be at most ${MAX_RAW_TEXT.toLocaleString("en-US")} characters`,
  }),
});

export const roleplayParams = z.object({ roleplayId: routeId("Schema") });

const required = (message: string, max: number, label: string) =>
  requiredText(label, max, { typeError: message, blank: message });

/** The form's own rules, which its server actions enforce too; the API keeps the looser payload. */
export const roleplayFormSchema = roleplayPayloadSchema.extend({
  description: required("Description is required", 2000, "Description"),
});

export const autogenerateFormSchema = autogeneratePayloadSchema.extend({
  name: required("Please enter a name for the schema", 200, "Name"),
  description: required("Please enter a description for the schema", 2000, "Description"),
});

/** The roleplay an edit-form action targets. */
export const roleplayIdSchema = z.object({ schema_id: uuid("schema_id", "schema_id must be a schema id") });

export const deleteQuerySchema = z.object({
  soft_delete: flag("soft_delete must be true or false", true),
});

export type RoleplayPayload = z.output<typeof roleplayPayloadSchema>;
export type AutogenerateInput = z.output<typeof autogeneratePayloadSchema>;
export type RoleplayFormInput = z.input<typeof roleplayFormSchema>;
