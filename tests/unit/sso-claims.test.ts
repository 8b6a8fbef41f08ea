import { describe, expect, it } from "vitest";

import { allowedRedirect } from "@/lib/sso/authjs";
import {
  domainOf,
  emailIsVerified,
  fromConfiguredTenant,
  inAllowedDomain,
  nameOf,
  VERIFIED_EMAIL_RULES,
} from "@/lib/sso/claims";
import { issuerUrlProblem } from "@/lib/sso/discovery";
import { ssoErrorMessage } from "@/lib/sso/messages";
import { publicOriginOf } from "@/lib/sso/origin";
import { openSecret, sealSecret } from "@/lib/sso/secret-box";

describe("verified e-mail rules (each rule's evidence)", () => {
  for (const rule of VERIFIED_EMAIL_RULES) {
    it(`${rule.id}: ${rule.does}`, () => {
      for (const claims of rule.examples.hit) expect(rule.holds(claims), JSON.stringify(claims)).toBe(true);
      for (const claims of rule.examples.miss) expect(rule.holds(claims), JSON.stringify(claims)).toBe(false);
    });
  }

  it("a rule of one kind never vouches for another kind", () => {
    expect(emailIsVerified("entra", { email: "a@x.example", email_verified: true })).toBeNull();
    expect(emailIsVerified("oidc", { email: "a@x.example", xms_edov: true })).toBeNull();
    expect(emailIsVerified("entra", { email: "a@x.example", xms_edov: true })).toBe("entra.xms_edov");
  });
});

describe("domain, tenant and name", () => {
  it.each([
    ["oidc", { email: "a@uni.example" }, true],
    ["oidc", { email: "a@sub.uni.example" }, false],
    ["oidc", { email: "a@uni.example.evil" }, false],
    ["oidc", { email: "a@evil.example@uni.example" }, true],
    ["google", { email: "a@uni.example" }, false],
    ["google", { email: "a@uni.example", hd: "UNI.example" }, true],
    ["google", { email: "a@gmail.com", hd: "uni.example" }, false],
  ] as const)("%s %j in uni.example: %s", (kind, claims, expected) => {
    expect(inAllowedDomain(kind, claims, "uni.example")).toBe(expected);
  });

  it("Entra tokens must name the issuer's tenant", () => {
    const issuer = "https://login.microsoftonline.com/11111111-2222-3333-4444-555555555555/v2.0";
    expect(fromConfiguredTenant("entra", { tid: "11111111-2222-3333-4444-555555555555" }, issuer)).toBe(true);
    expect(fromConfiguredTenant("entra", { tid: "99999999-2222-3333-4444-555555555555" }, issuer)).toBe(false);
    expect(fromConfiguredTenant("entra", {}, issuer)).toBe(false);
    expect(fromConfiguredTenant("oidc", {}, issuer)).toBe(true);
  });

  it("names and domains", () => {
    expect(domainOf("A@Uni.Example")).toBe("uni.example");
    expect(domainOf("no-at-sign")).toBe("");
    expect(nameOf({ given_name: "Ana", family_name: "Ruiz", email: "a@x.example" })).toBe("Ana Ruiz");
    expect(nameOf({ email: "ana.ruiz@x.example" })).toBe("ana.ruiz");
  });
});

describe("where a finished sign-in may go", () => {
  const base = "https://parley.example";
  it.each([
    ["/auth?sso_error=domain", `${base}/auth?sso_error=domain`],
    ["/auth/sso/complete?next=%2Fgrade%2F1", `${base}/auth/sso/complete?next=%2Fgrade%2F1`],
    [`${base}/grade/1`, `${base}/grade/1`],
    ["https://evil.example/auth?sso_error=x", `${base}/dashboard`],
    ["//evil.example", `${base}/dashboard`],
    ["/auth?sso_error=<script>", `${base}/dashboard`],
    ["javascript:alert(1)", `${base}/dashboard`],
  ])("%s -> %s", (url, expected) => expect(allowedRedirect(url, base)).toBe(expected));
});

describe("issuers, messages and sealed secrets", () => {
  it("https issuers, and plain http only on this machine", () => {
    expect(issuerUrlProblem("https://accounts.google.com")).toBeNull();
    expect(issuerUrlProblem("http://127.0.0.1:8080/realms/x")).toBeNull();
    expect(issuerUrlProblem("http://10.0.0.5/realms/x")).toMatch(/https/);
    expect(issuerUrlProblem("ftp://x")).toMatch(/https/);
    expect(issuerUrlProblem("nonsense")).toMatch(/URL/);
  });

  it("every refusal code has a sentence; an unknown one reads as a generic failure", () => {
    expect(ssoErrorMessage("domain")).toMatch(/not one your organization/);
    expect(ssoErrorMessage("<b>made up</b>")).toMatch(/did not work this time/);
    expect(ssoErrorMessage(null)).toBeNull();
  });

  it("seals with a fresh IV each time and opens only under the same AUTH_SECRET", () => {
    const a = sealSecret("client-secret");
    expect(a).not.toBe(sealSecret("client-secret"));
    expect(openSecret(a)).toBe("client-secret");
    expect(openSecret(a.slice(0, -2) + "xx")).toBeNull();
    expect(openSecret("garbage")).toBeNull();
  });
});

describe("the origin the browser sees", () => {
  it("follows the Host header (next start may call 127.0.0.1 localhost), AUTH_URL first, https behind COOKIE_SECURE", () => {
    const h = new Headers({ host: "127.0.0.1:3303" });
    expect(publicOriginOf(h, "http://localhost:3303/api/sso/start")).toBe("http://127.0.0.1:3303");
    process.env.COOKIE_SECURE = "1";
    expect(publicOriginOf(h, "http://localhost:3303/x")).toBe("https://127.0.0.1:3303");
    process.env.AUTH_URL = "https://parley.example.edu/some/path";
    expect(publicOriginOf(h, "http://localhost:3303/x")).toBe("https://parley.example.edu");
    delete process.env.AUTH_URL;
    delete process.env.COOKIE_SECURE;
    expect(publicOriginOf(new Headers(), "http://localhost:3000/x")).toBe("http://localhost:3000");
  });
});
