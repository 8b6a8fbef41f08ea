import "server-only";

import { z } from "zod";

import { getDb } from "@/db";
import { deleteExpiredLaunchRows, insertLoginState, selectPlatformsByIssuer } from "@/db/queries/lti-launch";
import { take } from "@/lib/rate-limit";

import { ltiError } from "./errors";
import { randomToken, sha256 } from "./sealed";
import { isOwnUrl, type RequestLike, toolUrls } from "./tool-urls";

/** How long a learner has between the LMS's login request and the launch it answers with. */
const STATE_TTL_MS = 10 * 60_000;

const param = (max: number) => z.string().trim().min(1).max(max);
/** OIDC third-party login initiation (LTI 1.3 core, 5.1.1), by GET query or POST form. */
const loginInitiation = z.object({
  iss: param(512),
  login_hint: param(2048),
  target_link_uri: param(2048),
  client_id: param(255).optional(),
  lti_deployment_id: param(255).optional(),
  lti_message_hint: param(4096).optional(),
});

/**
 * Answers a login initiation with the redirect to the platform's authorisation endpoint. The state and nonce
 * are kept server-side (only the state's hash), never in a cookie: inside an LMS iframe a cookie would be
 * third-party and is dropped by Safari, Firefox and Chrome alike.
 */
export async function initiateLogin(raw: Record<string, string>, from: RequestLike, address: string): Promise<URL> {
  // Each login writes a state row: an address gets a classroom's worth of them, not a flood.
  if (await take("ltiLaunchAddress", address)) throw ltiError("too_many");
  const parsed = loginInitiation.safeParse(raw);
  if (!parsed.success) throw ltiError("bad_request", parsed.error.issues.map((i) => i.path.join(".")).join(", "));
  const input = parsed.data;
  if (!isOwnUrl(input.target_link_uri, from)) throw ltiError("bad_target");

  const db = await getDb();
  const platforms = await selectPlatformsByIssuer(db, { issuer: input.iss, clientId: input.client_id });
  if (platforms.length === 0) throw ltiError("unknown_issuer");
  if (platforms.length > 1) throw ltiError("ambiguous_issuer");
  const platform = platforms[0];

  const state = randomToken();
  const nonce = randomToken();
  await insertLoginState(db, {
    stateHash: sha256(state),
    nonce,
    platformId: platform.id,
    targetLinkUri: input.target_link_uri,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  // Expired rows are swept here now and then, so the tables stay small without a job of their own.
  if (Math.random() < 0.05) void deleteExpiredLaunchRows(db).catch(() => {});

  const auth = new URL(platform.auth_login_url);
  const query: Record<string, string | undefined> = {
    scope: "openid",
    response_type: "id_token",
    response_mode: "form_post",
    prompt: "none",
    client_id: platform.client_id,
    redirect_uri: toolUrls(from).launch,
    login_hint: input.login_hint,
    lti_message_hint: input.lti_message_hint,
    state,
    nonce,
  };
  for (const [k, v] of Object.entries(query)) if (v !== undefined) auth.searchParams.set(k, v);
  return auth;
}
