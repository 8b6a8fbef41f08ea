import type { NextConfig } from "next";

// Raw process.env reads: Next.js loads this file before the app's modules, so lib/env.ts's env() cannot be used.
const dev = process.env.NODE_ENV !== "production";

// Next.js inlines its bootstrap scripts, so scripts need 'unsafe-inline' without nonces;
// everything else is locked to this origin (plus LiveKit's websocket/https for calls).
const csp = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' wss: https:",
  "media-src 'self' blob: mediastream:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: csp },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), geolocation=(), microphone=(self)" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

const ltiHeaders = [
  {
    key: "Content-Security-Policy",
    value: csp
      .replace("form-action 'self'", "form-action 'self' https: http:")
      .replace("frame-ancestors 'none'", "frame-ancestors https: http:"),
  },
  { key: "Cross-Origin-Opener-Policy", value: "unsafe-none" },
];

const nextConfig: NextConfig = {
  // Lets parallel builds (tests, benchmarks) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "livekit-server-sdk",
    "drizzle-orm",
    "rate-limiter-flexible",
    "ioredis",
  ],
  // BENCH_FLOOR_ROUTES=1 (benchmark builds only): app/api/bench-floor/[...path]/route.floor.ts becomes a route, the
  // minimal handler Parley's routes are measured against (bench/floor-routes.ts). Every other build ignores it.
  pageExtensions: ["tsx", "ts", "jsx", "js", ...(process.env.BENCH_FLOOR_ROUTES === "1" ? ["floor.ts"] : [])],
  poweredByHeader: false,
  // PROXY_COMPRESSION=true: the HTTPS proxy in front compresses (docs/deploy.md), so Next.js does not gzip
  // every answer again per request on the event loop (7 ms of CPU per 290 KB organisation-stats answer).
  // Read at `next start`. Compressing a cached answer once is not possible here: Next.js drops a route
  // handler's Content-Encoding (next/dist/server/send-response.js) and compresses the body again.
  // Unset (the local demo, the tests, an instance without a proxy): Next.js compresses, as before.
  compress: process.env.PROXY_COMPRESSION !== "true",
  reactStrictMode: true,
  experimental: { serverActions: { bodySizeLimit: "256kb" } },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/:path((?!lti/|api/lti/).*)", headers: [{ key: "X-Frame-Options", value: "DENY" }] },
      // LTI pages live inside the LMS's frame (launch, deep-linking picker, registration): any LMS may frame
      // them, their forms post back to the LMS, and the registration page messages its opener. Every other
      // page keeps frame-ancestors 'none': the app itself opens in a tab of its own (docs/lti.md).
      { source: "/lti/:path*", headers: ltiHeaders },
      { source: "/api/lti/:path*", headers: ltiHeaders },
    ];
  },
};

export default nextConfig;
