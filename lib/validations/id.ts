import { notFound } from "@/lib/errors";

// The shape PostgreSQL's uuid type accepts; anything else cannot name a row.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** A route id that is not a uuid names nothing: 404 like any unknown id, never a 422 or a 500. */
export function idOrNotFound(id: string, what: string): string {
  if (!isUuid(id)) throw notFound(`${what} not found`);
  return id.toLowerCase();
}
