/**
 * The e2e server's developer: developer rights come only from the operator, so playwright.config.ts
 * hands these to the server as BOOTSTRAP_DEV_* and the worker fixture signs in with them.
 */
export const E2E_DEVELOPER = {
  email: "operator@e2e.parley",
  password: "e2e-operator-kestrel-lantern",
  name: "Developer",
} as const;
