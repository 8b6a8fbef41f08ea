import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Lets parallel builds (tests, benchmarks) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "livekit-server-sdk"],
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: { serverActions: { bodySizeLimit: "256kb" } },
};

export default nextConfig;
