import { z } from "zod";

/** The claim names of LTI 1.3 Core, Deep Linking 2.0, AGS 2.0 and NRPS 2.0 (1EdTech). */
export const CLAIM = {
  messageType: "https://purl.imsglobal.org/spec/lti/claim/message_type",
  version: "https://purl.imsglobal.org/spec/lti/claim/version",
  deploymentId: "https://purl.imsglobal.org/spec/lti/claim/deployment_id",
  targetLinkUri: "https://purl.imsglobal.org/spec/lti/claim/target_link_uri",
  resourceLink: "https://purl.imsglobal.org/spec/lti/claim/resource_link",
  roles: "https://purl.imsglobal.org/spec/lti/claim/roles",
  context: "https://purl.imsglobal.org/spec/lti/claim/context",
  custom: "https://purl.imsglobal.org/spec/lti/claim/custom",
  launchPresentation: "https://purl.imsglobal.org/spec/lti/claim/launch_presentation",
  deepLinkingSettings: "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings",
  contentItems: "https://purl.imsglobal.org/spec/lti-dl/claim/content_items",
  deepLinkingData: "https://purl.imsglobal.org/spec/lti-dl/claim/data",
  agsEndpoint: "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint",
  nrps: "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice",
} as const;

const RESOURCE_LINK_REQUEST = "LtiResourceLinkRequest";
export const DEEP_LINKING_REQUEST = "LtiDeepLinkingRequest";

const url = z.url({ protocol: /^https?$/ });

/**
 * The claims Parley reads from a verified id_token. Signature, iss, aud, exp, nonce and the deployment are
 * checked before this; unknown claims pass through untouched (platforms add their own).
 */
export const launchClaims = z.object({
  sub: z.string().min(1).max(255),
  name: z.string().max(200).optional(),
  given_name: z.string().max(200).optional(),
  family_name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  [CLAIM.version]: z.literal("1.3.0", { error: "LTI version must be 1.3.0" }),
  [CLAIM.messageType]: z.enum([RESOURCE_LINK_REQUEST, DEEP_LINKING_REQUEST], {
    error: "Parley accepts LtiResourceLinkRequest and LtiDeepLinkingRequest messages",
  }),
  [CLAIM.deploymentId]: z.string().min(1).max(255),
  [CLAIM.roles]: z.array(z.string()),
  [CLAIM.targetLinkUri]: z.string().optional(),
  [CLAIM.resourceLink]: z.object({ id: z.string().min(1).max(255), title: z.string().optional() }).optional(),
  [CLAIM.context]: z
    .object({ id: z.string().min(1).max(255), title: z.string().optional(), label: z.string().optional() })
    .optional(),
  [CLAIM.custom]: z.record(z.string(), z.unknown()).optional(),
  [CLAIM.deepLinkingSettings]: z
    .object({
      deep_link_return_url: url,
      accept_types: z.array(z.string()),
      accept_multiple: z.boolean().optional(),
      data: z.string().optional(),
      title: z.string().optional(),
    })
    .optional(),
  [CLAIM.agsEndpoint]: z
    .object({ scope: z.array(z.string()).optional(), lineitems: url.optional(), lineitem: url.optional() })
    .optional(),
  [CLAIM.nrps]: z.object({ context_memberships_url: url }).optional(),
});
export type LaunchClaims = z.output<typeof launchClaims>;

/*
 * Roles. Parley has organisation roles (admin, member) and groups without their own admins, so a course's
 * roles map onto those: a rule per LTI role, each with examples a test runs. Only context (course) roles
 * count: an institution role says nothing about this course. A simple name ("Instructor") is a context
 * role (LTI 1.3 core, A.2.3). When several rules match, "instructor" wins over "learner".
 */
const CONTEXT = "http://purl.imsglobal.org/vocab/lis/v2/membership#";
const CONTEXT_SUB = "http://purl.imsglobal.org/vocab/lis/v2/membership/";

export type CourseRole = "instructor" | "learner" | "none";
type RoleRule = {
  id: string;
  does: CourseRole;
  pattern: RegExp;
  examples: { hit: string[]; miss: string[] };
  note: string;
};

export const ROLE_RULES: RoleRule[] = [
  {
    id: "context-instructor",
    does: "instructor",
    pattern:
      /^(?:http:\/\/purl\.imsglobal\.org\/vocab\/lis\/v2\/membership#)?(?:Instructor|Administrator|ContentDeveloper)$/,
    examples: {
      hit: [`${CONTEXT}Instructor`, `${CONTEXT}Administrator`, `${CONTEXT}ContentDeveloper`, "Instructor"],
      miss: ["http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor", `${CONTEXT}Learner`],
    },
    note: "Teaches or runs the course: creates its activities and reviews its calls.",
  },
  {
    id: "context-instructor-subrole",
    does: "instructor",
    pattern: /^http:\/\/purl\.imsglobal\.org\/vocab\/lis\/v2\/membership\/Instructor#\w+$/,
    examples: { hit: [`${CONTEXT_SUB}Instructor#TeachingAssistant`], miss: [`${CONTEXT_SUB}Learner#GuestLearner`] },
    note: "A teaching assistant (or another kind of instructor) helps run the course.",
  },
  {
    id: "context-learner",
    does: "learner",
    pattern: /^(?:http:\/\/purl\.imsglobal\.org\/vocab\/lis\/v2\/membership(?:#|\/Learner#))?(?:\w*Learner|Member)$/,
    examples: {
      hit: [`${CONTEXT}Learner`, "Learner", `${CONTEXT}Member`, `${CONTEXT_SUB}Learner#GuestLearner`],
      miss: ["http://purl.imsglobal.org/vocab/lis/v2/system/person#User", `${CONTEXT}Mentor`],
    },
    note: "Takes the course: practises, and joins the course's group.",
  },
];

/** The course role of a set of LTI roles: instructor when any instructor rule matches, else learner. */
export function courseRole(roles: string[]): { role: CourseRole; rule: string } {
  for (const does of ["instructor", "learner"] as const) {
    const rule = ROLE_RULES.find((r) => r.does === does && roles.some((role) => r.pattern.test(role)));
    if (rule) return { role: does, rule: rule.id };
  }
  // No course role (a user-level placement, a mentor or observer): a member of the organisation, in no group.
  return { role: "none", rule: "no-course-role" };
}
