import { z } from "zod";

/** Sign-in, sign-up and the waitlist read an address the same way. */
export const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

/** Messages that differ from the usual "<label> must be text" and "<label> must be at most <max> characters". */
type TextMessages = { typeError?: string; tooLong?: string };

/** Trimmed text of at most `max` characters; may be blank. */
export const text = (label: string, max: number, messages: TextMessages = {}) =>
  z
    .string({ error: messages.typeError ?? `${label} must be text` })
    .trim()
    .max(max, messages.tooLong ?? `${label} must be at most ${max} characters`);

/** Trimmed text that must not be blank. */
export const requiredText = (label: string, max: number, messages: TextMessages & { blank?: string } = {}) =>
  text(label, max, messages).min(1, messages.blank ?? `${label} is required`);

/** Trimmed optional text where blank means absent (undefined). */
export const optionalText = (label: string, max: number) =>
  text(label, max)
    .transform((v) => v || undefined)
    .optional();

/** Trimmed text that may be null or missing; blank becomes null. */
export const nullableText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((v) => v || null);

/** An id in a body or query; `message` replaces the default "<label> must be a valid id". */
export const uuid = (label: string, message = `${label} must be a valid id`) => z.uuid({ error: message });

/** Ids compared as PostgreSQL stores them: lower case, each once. */
export const uniqueIds = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/** A yes/no query parameter: true/1 or false/0; blank or absent takes the default. */
export const flag = (error: string, fallback = false) =>
  z
    .enum(["true", "false", "1", "0", ""], { error })
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1"));

// The shape PostgreSQL's uuid type accepts; anything else cannot name a row.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/**
 * A path segment naming a row. Anything PostgreSQL could not read as a uuid names nothing, so it
 * answers the same 404 as an unknown id (the route wrapper turns this failure into `<what> not found`).
 */
export const routeId = (what: string) =>
  z
    .string({ error: `${what} not found` })
    .refine(isUuid, `${what} not found`)
    .transform((id) => id.toLowerCase());
