import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

/**
 * An OpenID Connect provider stand-in speaking the real wire protocol (OIDC Core, Discovery, RFC 7636
 * PKCE), so Auth.js's real code path runs in tests: discovery, JWKS, an authorisation endpoint that
 * auto-approves the configured user and redirects with a code, a token endpoint (client_secret_basic
 * or client_secret_post) that checks the code once, the redirect URI and the PKCE verifier, and
 * returns an RS256 ID token with the nonce; and userinfo. `misbehave` makes it lie in one way.
 */
export type OidcUser = Record<string, unknown> & { sub: string };

export type Misbehaviour = {
  /** Signs the ID token with a key that is not in the JWKS. */
  foreignKey?: boolean;
  /** Puts this nonce in the ID token instead of the one the client sent. */
  nonce?: string;
  /** Answers the authorisation request with this OAuth error (e.g. access_denied). */
  authorizationError?: string;
  /** Puts another issuer in the ID token. */
  issuer?: string;
};

type Grant = {
  clientId: string;
  redirectUri: string;
  nonce?: string;
  challenge?: string;
  user: OidcUser;
  used: boolean;
};

export type OidcProviderOptions = {
  clientId?: string;
  clientSecret?: string;
  /** Path after the origin, e.g. "/<tenant-id>/v2.0" for an Entra-shaped issuer. */
  issuerPath?: string;
  /** What discovery advertises and the token endpoint accepts. */
  authMethods?: ("client_secret_basic" | "client_secret_post")[];
  user?: OidcUser;
};

export async function startOidcProvider(options: OidcProviderOptions = {}) {
  const clientId = options.clientId ?? `client-${randomUUID().slice(0, 8)}`;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  const authMethods = options.authMethods ?? ["client_secret_basic", "client_secret_post"];
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };

  const state = {
    user: options.user ?? ({ sub: "user-1", email: "learner@uni.example", email_verified: true } as OidcUser),
    misbehave: {} as Misbehaviour,
    redirectUris: new Set<string>(),
    grants: new Map<string, Grant>(),
    tokens: new Map<string, OidcUser>(),
    /** Every authorisation request's parameters and every token request's form, for assertions. */
    authorizationRequests: [] as Record<string, string>[],
    tokenRequests: [] as { form: Record<string, string>; auth: "basic" | "post" | "none"; status: number }[],
  };

  let issuer = "";
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res
      .writeHead(status, { "content-type": "application/json", "cache-control": "no-store" })
      .end(JSON.stringify(body));

  const readForm = (req: IncomingMessage) =>
    new Promise<Record<string, string>>((resolve) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => resolve(Object.fromEntries(new URLSearchParams(raw))));
    });

  function authorize(url: URL, res: ServerResponse) {
    const q = Object.fromEntries(url.searchParams);
    state.authorizationRequests.push(q);
    if (q.client_id !== clientId || !q.redirect_uri) return json(res, 400, { error: "invalid_client" });
    if (state.redirectUris.size && !state.redirectUris.has(q.redirect_uri))
      return json(res, 400, { error: "invalid_request", error_description: "redirect_uri is not registered" });
    const back = new URL(q.redirect_uri);
    if (q.state) back.searchParams.set("state", q.state);
    const fail = (error: string) => {
      back.searchParams.set("error", error);
      res.writeHead(302, { location: back.toString() }).end();
    };
    if (state.misbehave.authorizationError) return fail(state.misbehave.authorizationError);
    if (q.response_type !== "code" || !q.scope?.split(" ").includes("openid")) return fail("invalid_request");
    if (!q.code_challenge || q.code_challenge_method !== "S256") return fail("invalid_request");
    const code = randomBytes(24).toString("base64url");
    state.grants.set(code, {
      clientId,
      redirectUri: q.redirect_uri,
      nonce: q.nonce,
      challenge: q.code_challenge,
      user: { ...state.user },
      used: false,
    });
    back.searchParams.set("code", code);
    res.writeHead(302, { location: back.toString() }).end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const basic = req.headers.authorization?.startsWith("Basic ")
      ? Buffer.from(req.headers.authorization.slice(6), "base64").toString().split(":").map(decodeURIComponent)
      : null;
    const auth = basic ? "basic" : form.client_secret ? "post" : "none";
    const answer = (status: number, body: unknown) => {
      state.tokenRequests.push({ form, auth, status });
      json(res, status, body);
    };
    const [id, secret] = basic ?? [form.client_id, form.client_secret];
    const method = basic ? "client_secret_basic" : "client_secret_post";
    if (!authMethods.includes(method) || id !== clientId || secret !== clientSecret)
      return answer(401, { error: "invalid_client" });
    if (form.grant_type !== "authorization_code") return answer(400, { error: "unsupported_grant_type" });
    const grant = state.grants.get(form.code ?? "");
    if (!grant || grant.used) return answer(400, { error: "invalid_grant", error_description: "code unknown or used" });
    grant.used = true; // one use, even when the rest of the request is wrong
    if (grant.redirectUri !== form.redirect_uri) return answer(400, { error: "invalid_grant" });
    const verifier = form.code_verifier ?? "";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (!verifier || challenge !== grant.challenge)
      return answer(400, { error: "invalid_grant", error_description: "PKCE verification failed" });
    const accessToken = randomBytes(24).toString("base64url");
    state.tokens.set(accessToken, grant.user);
    const m = state.misbehave;
    const { sub, ...claims } = grant.user;
    const idToken = await new SignJWT({ ...claims, nonce: m.nonce ?? grant.nonce })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(m.issuer ?? issuer)
      .setSubject(sub)
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(m.foreignKey ? foreign.privateKey : privateKey);
    answer(200, {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 300,
      id_token: idToken,
      scope: "openid email profile",
    });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer || "http://127.0.0.1");
    const path = url.pathname.slice((options.issuerPath ?? "").length);
    if (req.method === "GET" && path === "/.well-known/openid-configuration")
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: authMethods,
        scopes_supported: ["openid", "email", "profile"],
      });
    if (req.method === "GET" && path === "/jwks") return json(res, 200, { keys: [jwk] });
    if (req.method === "GET" && path === "/authorize") return authorize(url, res);
    if (req.method === "POST" && path === "/token") return void token(req, res);
    if (req.method === "GET" && path === "/userinfo") {
      const user = state.tokens.get(req.headers.authorization?.replace(/^Bearer /, "") ?? "");
      return user ? json(res, 200, user) : json(res, 401, { error: "invalid_token" });
    }
    json(res, 404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  issuer = `http://127.0.0.1:${port}${options.issuerPath ?? ""}`;

  return {
    issuer,
    clientId,
    clientSecret,
    state,
    /** The user the next authorisation approves. */
    signInAs(user: OidcUser) {
      state.user = user;
    },
    misbehave(m: Misbehaviour) {
      state.misbehave = m;
    },
    registerRedirectUri(uri: string) {
      state.redirectUris.add(uri);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    server,
  };
}

export type OidcProviderStandIn = Awaited<ReturnType<typeof startOidcProvider>>;
