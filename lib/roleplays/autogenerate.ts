import "server-only";

import Anthropic from "@anthropic-ai/sdk";
import type { z } from "zod";

import { anthropicClient, ModelOutputError } from "@/lib/ai/anthropic";
import { callTool } from "@/lib/ai/structured";
import { assertRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";
import { personaSchema } from "@/lib/validations/persona";
import type { AutogenerateInput } from "@/lib/validations/roleplay";
import { scenarioSchema, scorecardSchema, withWeightsOf100 } from "@/lib/validations/scorecard";

import {
  assertOwnGroups,
  createRoleplay,
  getRoleplayForEditing,
  organizationForNewRoleplay,
  updateRoleplay,
} from "./service";

const NO_KEY_DETAIL = "Auto-generate needs an Anthropic API key (ANTHROPIC_API_KEY)";

const SYSTEM = [
  "You turn a trainer's notes into a roleplay persona for spoken practice conversations (sales calls, interviews, pitches).",
  "The learner talks to this persona; the persona never coaches the learner.",
  "Use only what the notes say or clearly imply; keep each field short and concrete.",
  "Give at least one pain point and one goal. Leave company and personality out unless the notes describe them.",
  "Also give the scenario: its kind (sales-discovery, job-interview, customer-service, pitch or general) and the learner's objective in one sentence;",
  "and a scorecard only if the notes say how the call should be judged (criteria with weights that total 100; leave measure out for criteria judged from the transcript).",
].join(" ");

/** What Claude returns: the persona, plus the scenario and, when the notes say how to judge, a scorecard. */
const generatedSchema = personaSchema.extend({
  scenario: scenarioSchema.optional(),
  scorecard: scorecardSchema.optional(),
});

/** Why the model call failed, in words the form can show. */
function modelFailure(err: unknown): AppError {
  if (err instanceof ModelOutputError) return new AppError("upstream:model", `Auto-generate failed: ${err.message}`);
  if (err instanceof Anthropic.APIConnectionTimeoutError) {
    const seconds = Math.round(env().AUTOGENERATE_TIMEOUT_MS / 1000);
    return new AppError("timeout:model", `Auto-generate failed: the model did not answer within ${seconds} s`);
  }
  if (err instanceof Anthropic.APIError && err.status) {
    return new AppError("upstream:model", `Auto-generate failed: the Anthropic API answered ${err.status}`);
  }
  if (err instanceof Anthropic.APIError)
    return new AppError("upstream:model", "Auto-generate failed: the Anthropic API could not be reached");
  throw err;
}

/**
 * The model's reading of notes (a trainer's, or the buyer's side of a real call): a persona, validated by the
 * form's persona schema, with a scenario and, when the notes say how to judge, a scorecard. Creates nothing.
 */
export async function generateFromNotes(
  client: Anthropic,
  notes: { name: string; description: string; raw_text: string },
): Promise<z.output<typeof generatedSchema>> {
  return callTool(client, {
    task: "author",
    timeoutMs: env().AUTOGENERATE_TIMEOUT_MS,
    system: SYSTEM,
    prompt: `Schema name: ${notes.name}\nSchema description: ${notes.description}\n\nNotes:\n${notes.raw_text}`,
    tool: {
      name: "persona",
      description: "The persona the learner will talk to, with the scenario.",
      schema: generatedSchema,
    },
  }).catch((err) => {
    throw modelFailure(err);
  });
}

/**
 * Developers only: Claude turns raw notes into a persona, validated by the
 * same persona schema as the form, and the roleplay is created. Nothing is created on failure.
 */
export async function autogenerateRoleplay(user: SessionUser, input: AutogenerateInput) {
  assertRole(user, "developer", null, "auto-generate schemas");
  const timeoutMs = env().AUTOGENERATE_TIMEOUT_MS;
  const client = anthropicClient({ timeoutMs, maxRetries: 0 });
  if (!client) throw new AppError("unavailable:model", NO_KEY_DETAIL);
  // Edit mode: the roleplay must exist and be manageable before the model is asked anything.
  const existing = input.schema_id ? await getRoleplayForEditing(user, input.schema_id) : null;
  const organizationId = existing ? existing.organization_id : await organizationForNewRoleplay(user);
  await assertOwnGroups(organizationId, input.assigned_groups);

  const { scenario, scorecard, ...persona } = await generateFromNotes(client, input);

  const kind = scenario?.kind ?? existing?.schema_data.scenario.kind ?? "sales-discovery";
  // An instructor's scorecard survives regeneration unless the kind of roleplay changed.
  const keptScorecard = existing && existing.schema_data.scenario.kind === kind ? existing.schema_data.scorecard : null;
  const payload = {
    name: input.name,
    description: input.description,
    is_public: input.is_public,
    assigned_groups: input.assigned_groups,
    schema_data: {
      persona,
      scenario: scenario ?? existing?.schema_data.scenario ?? { kind, objective: "" },
      // A person's weights must total 100 (the form and the API refuse other totals); the model's are scaled.
      scorecard:
        (scorecard && withWeightsOf100(scorecard)) ?? keptScorecard ?? structuredClone(DEFAULT_SCORECARDS[kind]),
    },
  };
  return existing ? updateRoleplay(user, existing.id, payload) : createRoleplay(user, payload, organizationId);
}
