import { describe, expect, it } from "vitest";
import { z } from "zod";

import { personaSchema } from "@/lib/validations/persona";
import {
  autogenerateFormSchema,
  autogeneratePayloadSchema,
  roleplayFormSchema,
  roleplayPayloadSchema,
} from "@/lib/validations/roleplay";

const persona = {
  name: "Dana",
  role: "Ops lead",
  situation: "Busy",
  background: "Logistics",
  pain_points: ["Late shipments"],
  goals: ["Same-day shipping"],
};
const valid = { name: "Call", description: "Desc", is_public: true, schema_data: { persona }, assigned_groups: [] };
const groupId = "3f2b8c1e-5d4a-4b7e-9c1d-2e3f4a5b6c7d";

const messages = (input: unknown) => {
  const result = roleplayPayloadSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("schema payload", () => {
  it.each([
    ["a blank name", { ...valid, name: "  " }, "name: Name is required"],
    ["a long name", { ...valid, name: "x".repeat(201) }, "name: Name must be at most 200 characters"],
    [
      "a missing persona",
      { ...valid, schema_data: {} },
      "schema_data.persona: Invalid input: expected object, received undefined",
    ],
    [
      "only blank pain points",
      { ...valid, schema_data: { persona: { ...persona, pain_points: [" ", ""] } } },
      "schema_data.persona.pain_points: At least one pain points entry is required",
    ],
    [
      "no goals",
      { ...valid, schema_data: { persona: { ...persona, goals: [] } } },
      "schema_data.persona.goals: At least one goals entry is required",
    ],
    [
      "too many goals",
      { ...valid, schema_data: { persona: { ...persona, goals: Array(21).fill("g") } } },
      "schema_data.persona.goals: At most 20 goals entries",
    ],
    [
      "a blank situation",
      { ...valid, schema_data: { persona: { ...persona, situation: " " } } },
      "schema_data.persona.situation: Situation is required",
    ],
    [
      "a non-uuid group",
      { ...valid, assigned_groups: ["cohort-a"] },
      "assigned_groups.0: Each assigned group must be a group id",
    ],
    ["a string is_public", { ...valid, is_public: "yes" }, "is_public: is_public must be true or false"],
  ])("rejects %s", (_label, input, expected) => {
    expect(messages(input)).toContain(expected);
  });

  it("drops blank list entries, trims text, omits an empty description and dedupes groups", () => {
    const parsed = roleplayPayloadSchema.parse({
      ...valid,
      description: undefined,
      name: "  Call ",
      assigned_groups: [groupId, groupId.toUpperCase()],
      schema_data: { persona: { ...persona, pain_points: ["", " Late ", "  "], goals: ["A", ""] } },
    });
    expect(parsed.name).toBe("Call");
    expect(parsed.description).toBe("");
    expect(parsed.assigned_groups).toEqual([groupId]);
    expect(parsed.schema_data.persona.pain_points).toEqual(["Late"]);
    expect(parsed.schema_data.persona.goals).toEqual(["A"]);
  });

  it("defaults is_public to true and assigned_groups to none", () => {
    const { is_public, assigned_groups } = roleplayPayloadSchema.parse({ name: "n", schema_data: { persona } });
    expect(is_public).toBe(true);
    expect(assigned_groups).toEqual([]);
  });

  it("keeps company and personality optional and drops them when blank", () => {
    const parsed = personaSchema.parse({
      ...persona,
      close: "",
      company: { name: " ", size: "" },
      personality: { concerns: "Cost" },
    });
    expect(parsed.close).toBeUndefined();
    expect(parsed.company).toBeUndefined();
    expect(parsed.personality).toEqual({ concerns: "Cost" });
  });

  it("bounds the auto-generate text and gives the spec's message for blank text", () => {
    const base = { name: "n", description: "d", is_public: true, assigned_groups: [] };
    expect(autogeneratePayloadSchema.safeParse({ ...base, raw_text: "x".repeat(20_000) }).success).toBe(true);
    expect(autogeneratePayloadSchema.safeParse({ ...base, raw_text: "x".repeat(20_001) }).success).toBe(false);
    const blank = autogeneratePayloadSchema.safeParse({ ...base, raw_text: "  " });
    expect(blank.error?.issues[0].message).toBe("Please enter some text to generate the schema from");
  });

  it("converts the persona to a JSON schema for tool use, requiring the spec's fields", () => {
    const json = z.toJSONSchema(personaSchema, { io: "input" }) as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(json.required).toEqual(
      expect.arrayContaining(["name", "role", "situation", "background", "pain_points", "goals"]),
    );
    expect(json.required).not.toContain("company");
    expect(Object.keys(json.properties)).toEqual(expect.arrayContaining(["close", "company", "personality"]));
  });
});

describe("the form's own rules, which its server actions enforce too", () => {
  const formMessages = (schema: z.ZodType, input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it.each([
    ["a blank description", { ...valid, description: "  " }, "description: Description is required"],
    ["no description", { ...valid, description: undefined }, "description: Description is required"],
    [
      "a pass mark over 100",
      {
        ...valid,
        schema_data: { persona, scorecard: { pass_mark: "150", criteria: [{ id: "a", label: "A", weight: "10" }] } },
      },
      "schema_data.scorecard.pass_mark: Pass mark must be between 0 and 100",
    ],
  ])("the roleplay form refuses %s", (_label, input, expected) => {
    expect(formMessages(roleplayFormSchema, input)).toContain(expected);
  });

  it("keeps the API's payload looser: a missing description is still accepted there", () => {
    expect(roleplayPayloadSchema.safeParse({ ...valid, description: undefined }).success).toBe(true);
  });

  it.each([
    [{ raw_text: "notes", name: " ", description: "d" }, "name: Please enter a name for the schema"],
    [{ raw_text: "notes", name: "n", description: "" }, "description: Please enter a description for the schema"],
    [{ raw_text: " ", name: "n", description: "d" }, "raw_text: Please enter some text to generate the schema from"],
  ])("auto-generate from the form names what is missing: %j", (input, expected) => {
    expect(formMessages(autogenerateFormSchema, input)).toContain(expected);
  });
});
