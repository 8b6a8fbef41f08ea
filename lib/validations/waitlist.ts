import { z } from "zod";

import { email, nullableText } from "./common";

const WAITLIST_INTERESTS = [
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

const interest = z.enum(WAITLIST_INTERESTS, {
  error: (issue) => `Unknown interest ${JSON.stringify(issue.input)}: choose from ${WAITLIST_INTERESTS.join(", ")}`,
});

export const waitlistSchema = z
  .object({
    email,
    name: nullableText("Name", 100),
    interests: z
      .array(interest, { error: "Interests must be a list" })
      .max(WAITLIST_INTERESTS.length, `Choose at most ${WAITLIST_INTERESTS.length} interests`)
      .nullish()
      .transform((list) => [...new Set(list ?? [])]),
    otherDetails: nullableText("Other details", 1000),
  })
  // Free text only means something next to "other"; drop it otherwise.
  .transform((v) => ({ ...v, otherDetails: v.interests.includes("other") ? v.otherDetails : null }));

export type WaitlistInput = z.output<typeof waitlistSchema>;
