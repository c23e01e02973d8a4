/** Only same-site paths: `/forms?page=2` yes, `https://evil.example` or `//evil.example` no. */
export function safeCallbackUrl(raw: string | string[] | undefined, fallback = "/forms"): string {
  const value = firstParam(raw);
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

export function firstParam(raw: string | string[] | undefined): string | undefined {
  return Array.isArray(raw) ? raw[0] : raw;
}
