import { z } from "zod";
import { personaSchema } from "./persona";
import { scenarioSchema, scorecardSchema } from "./scorecard";

export const MAX_RAW_TEXT = 20_000;

const groupIds = z
  .array(z.uuid({ error: "Each assigned group must be a group id" }), { error: "Assigned groups must be a list of group ids" })
  .max(200, "At most 200 assigned groups")
  .default([])
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

const basics = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(200, "Name must be at most 200 characters"),
  /** Required in the form; the payload omits it when empty (spec section 5). */
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(2000, "Description must be at most 2000 characters")
    .optional()
    .transform((v) => v ?? ""),
  is_public: z.boolean({ error: "is_public must be true or false" }).default(true),
  assigned_groups: groupIds,
};

/** The roleplay schema payload of spec section 3: one schema for the form, server actions and the API. */
export const schemaPayloadSchema = z.object({
  ...basics,
  schema_data: z.object(
    {
      persona: personaSchema,
      /** Optional in the payload: a missing scenario is sales discovery, a missing scorecard the kind's default. */
      scenario: scenarioSchema.optional(),
      scorecard: scorecardSchema.optional(),
    },
    { error: "schema_data must hold a persona" },
  ),
});

export const autogeneratePayloadSchema = z.object({
  ...basics,
  /** In the edit form: regenerate this schema's persona from the text, keeping its id. */
  schema_id: z.uuid({ error: "schema_id must be a schema id" }).optional(),
  raw_text: z
    .string({ error: "Please enter some text to generate the schema from" })
    .trim()
    .min(1, "Please enter some text to generate the schema from")
    .max(MAX_RAW_TEXT, `The text must be at most ${MAX_RAW_TEXT.toLocaleString("en-US")} characters`),
});

export const deleteQuerySchema = z.object({
  soft_delete: z.enum(["true", "false"], { error: "soft_delete must be true or false" }).default("true"),
});

export type SchemaPayload = z.output<typeof schemaPayloadSchema>;
export type SchemaPayloadInput = z.input<typeof schemaPayloadSchema>;
export type AutogenerateInput = z.output<typeof autogeneratePayloadSchema>;
