import { notFound } from "@/lib/errors";

import { isUuid } from "./common";

/** For ids that reach a service from outside a route's params (a page's URL, a query string): 404, never a 500. */
export function idOrNotFound(id: string, what: string): string {
  if (!isUuid(id)) throw notFound(`${what} not found`);
  return id.toLowerCase();
}
