/** How the access matrix states who may call a route: the status each kind of caller gets. */
import type { Caller, SignedIn, World } from "./world";

export type Expect = Record<Caller, number>;
type Input = {
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
};

export type Case = {
  route: string; // "METHOD /api/..." exactly as the file path says
  variant?: string;
  /** Builds the request for one caller; may create fresh objects so calls do not interfere. */
  input?: (w: World, who: Caller) => Input | Promise<Input>;
  freshToken?: boolean;
  expect: Expect;
};

export const unauthenticated = { anonymous: 401, forged: 401, expired: 401, signedOut: 401 };
export const signedIn = (s: Record<SignedIn, number>): Expect => ({ ...unauthenticated, ...s });
export const everyone = (status: number): Expect => ({
  anonymous: status,
  forged: status,
  expired: status,
  signedOut: status,
  member: status,
  admin: status,
  otherAdmin: status,
  developer: status,
});
export const devOnly = (ok: number) => signedIn({ member: 403, admin: 403, otherAdmin: 403, developer: ok });
