import { z } from "zod";

import { routeId } from "./common";

const httpUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2048, `${label} must be at most 2048 characters`)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be an http(s) URL` }));

const deploymentIds = z
  .array(
    z.string().trim().min(1, "A deployment id cannot be blank").max(255, "A deployment id is at most 255 characters"),
    {
      error: "deployment_ids must be a list of deployment ids",
    },
  )
  .min(1, "Add at least one deployment id (the LMS shows it after you add the tool)")
  .max(50, "At most 50 deployment ids")
  .transform((ids) => [...new Set(ids)]);

/** POST/PUT /api/organization/lti/platforms: what an admin copies from the LMS's developer key page. */
export const platformSchema = z.object({
  name: z.string().trim().max(100, "Name must be at most 100 characters").default(""),
  issuer: httpUrl("Issuer"),
  client_id: z.string({ error: "Client id is required" }).trim().min(1, "Client id is required").max(255),
  auth_login_url: httpUrl("Authentication request URL"),
  auth_token_url: httpUrl("Access token URL"),
  jwks_url: httpUrl("Keyset URL"),
  deployment_ids: deploymentIds,
  instructors_become_admins: z.boolean({ error: "instructors_become_admins must be true or false" }).default(false),
});
export type PlatformInput = z.output<typeof platformSchema>;

export const platformParams = z.object({ id: routeId("LTI platform") });

const PASS_MARK_RULE = "Pass mark must be a whole number from 0 to 100";
/** The deep-linking picker: a roleplay, a due date, and a pass mark (blank = the roleplay's own). */
export const deepLinkPickSchema = z.object({
  context: z.string().min(1, "This picker has expired. Add the activity again from your course.").max(8000),
  schema_id: z.uuid({ error: "Choose a roleplay" }),
  due_at: z.iso
    .datetime({ offset: true, error: "Choose a due date and time" })
    .transform((v) => new Date(v))
    .refine((d) => d.getTime() > Date.now(), "The due date must be in the future"),
  pass_mark: z
    .union([
      z.literal("").transform(() => undefined),
      z.coerce.number().int(PASS_MARK_RULE).min(0, PASS_MARK_RULE).max(100, PASS_MARK_RULE),
    ])
    .optional(),
});
export type DeepLinkPick = z.output<typeof deepLinkPickSchema>;
