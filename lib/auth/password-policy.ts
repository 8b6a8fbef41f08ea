import { dictionary } from "@zxcvbn-ts/language-common";

// NIST SP 800-63B 3.1.1.2: at least 8 characters, no composition rules, and refuse passwords that
// are commonly used, expected or compromised, or made of context-specific words. The list is the
// ~49,000 most common passwords that zxcvbn-ts maintains (@zxcvbn-ts/language-common).
const common = new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));

const PASSWORD_MIN_LENGTH = 8;

const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  common: "This password is one of the most commonly used passwords. Choose one that is harder to guess",
  repeated: "Password must not be one character repeated. Choose one that is harder to guess",
  personal: "Password must not be your email address or name",
} as const;

/** Why a password is refused for this account, or null when it is acceptable. */
export function passwordProblem(
  password: string,
  account: { email?: string | null; name?: string | null },
): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  const lower = password.trim().toLowerCase();
  if (new Set(password).size === 1) return PASSWORD_MESSAGES.repeated;
  if (common.has(lower) || common.has(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  const email = account.email?.trim().toLowerCase() ?? "";
  const personal = [email, email.split("@")[0], account.name?.trim().toLowerCase() ?? ""].filter((w) => w.length >= 3);
  if (personal.some((w) => lower === w || lower.replace(/\s+/g, "") === w.replace(/\s+/g, "")))
    return PASSWORD_MESSAGES.personal;
  return null;
}
