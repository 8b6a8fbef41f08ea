import "server-only";

import { createHash, timingSafeEqual } from "node:crypto";

import { bearerToken } from "@/lib/api/bearer";
import { env } from "@/lib/env";
import { AppError, unauthorized } from "@/lib/errors";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * The persona agent authenticates with `Authorization: Bearer <AGENT_SECRET>`. Hashing both sides
 * first gives equal-length buffers, so the comparison takes the same time whatever was sent.
 */
export function assertAgent(req: Request): void {
  const secret = env().AGENT_SECRET;
  if (!secret) throw new AppError("unavailable:agent", "The agent endpoint is not configured (AGENT_SECRET is unset)");
  const sent = bearerToken(req) ?? "";
  if (!timingSafeEqual(digest(sent), digest(secret))) throw unauthorized("Invalid agent credentials");
}
