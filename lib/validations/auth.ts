import { z } from "zod";

import { passwordProblem } from "@/lib/auth/password-policy";

import { email, text } from "./common";

export const signInSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(256, "Password is too long"),
});

export const signUpSchema = z
  .object({
    email,
    password: z
      .string({ error: "Password is required" })
      .min(8, "Password must be at least 8 characters")
      .max(256, "Password must be at most 256 characters"),
    name: text("Name", 100)
      .nullish()
      .transform((v) => v ?? ""),
  })
  .superRefine((input, ctx) => {
    // NIST SP 800-63B: no common password, not the account's own email or name.
    if (input.password.length < 8) return; // reported by the length check above
    const problem = passwordProblem(input.password, input);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
