/**
 * Requests that only look at a unique link — chat apps unfurling a URL, browser prefetch,
 * HEAD — must not mark it opened (`pending` → `in_progress`); a person's first real visit does.
 */
import "server-only";
const PREVIEW_AGENTS = new RegExp(
  [
    "Slackbot",
    "Slack-ImgProxy",
    "facebookexternalhit",
    "Facebot",
    "Twitterbot",
    "Discordbot",
    "WhatsApp",
    "TelegramBot",
    "LinkedInBot",
    "SkypeUriPreview",
    "MicrosoftPreview",
    "Applebot",
    "Iframely",
    "Embedly",
    "redditbot",
    "Pinterestbot",
    "vkShare",
    "Mastodon",
    "Bluesky",
    "Google-PageRenderer",
    "Googlebot",
    "bingbot",
    "DuckDuckBot",
    "YandexBot",
    "Baiduspider",
    "bot\\b",
    "crawler",
    "spider",
  ].join("|"),
  "i",
);

export function isLinkPreview(req: { method: string; userAgent: string | null; purpose: string | null }): boolean {
  if (req.method === "HEAD") return true;
  if (req.purpose && /prefetch|preview/i.test(req.purpose)) return true;
  return PREVIEW_AGENTS.test(req.userAgent ?? "");
}
