import { z } from "zod";

export const WAITLIST_INTERESTS = [
  "sales",
  "interviews",
  "presentations",
  "customer-service",
  "legal",
  "therapy",
  "team-training",
  "other",
] as const;

export type WaitlistInterest = (typeof WAITLIST_INTERESTS)[number];

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

/** Trimmed text where blank (or missing) means null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

const interest = z.enum(WAITLIST_INTERESTS, {
  error: (issue) => `Unknown interest ${JSON.stringify(issue.input)}: choose from ${WAITLIST_INTERESTS.join(", ")}`,
});

export const waitlistSchema = z
  .object({
    email,
    name: optionalText("Name", 100),
    interests: z
      .array(interest, { error: "Interests must be a list" })
      .max(WAITLIST_INTERESTS.length, `Choose at most ${WAITLIST_INTERESTS.length} interests`)
      .nullish()
      .transform((list) => [...new Set(list ?? [])]),
    otherDetails: optionalText("Other details", 1000),
  })
  // Free text only means something next to "other"; drop it otherwise.
  .transform((v) => ({ ...v, otherDetails: v.interests.includes("other") ? v.otherDetails : null }));

export type WaitlistInput = z.output<typeof waitlistSchema>;
