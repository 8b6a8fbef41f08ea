import { z } from "zod";
import { passwordProblem } from "@/lib/auth/password-policy";

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(256, "Password is too long"),
});

export const signUpSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "Password is required" })
    .min(8, "Password must be at least 8 characters")
    .max(256, "Password must be at most 256 characters"),
  name: z
    .string({ error: "Name must be text" })
    .trim()
    .max(100, "Name must be at most 100 characters")
    .nullish()
    .transform((v) => v ?? ""),
}).superRefine((input, ctx) => {
  // NIST SP 800-63B: no common password, not the account's own email or name.
  if (input.password.length < 8) return; // reported by the length check above
  const problem = passwordProblem(input.password, input);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
});

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
