import { MAIL_SETTINGS_PATH } from "../../lib/app-paths";
import type { Env } from "../../server/env";
import { mailFrom } from "../../server/mail/runtime";
import { describeSmtpUrl } from "../../server/mail/transport";

/**
 * What `npm start` and `npm run worker` say about mail once, at start: where it goes (never
 * the password), or that it is off and how to get by without it; and a warning when the mail
 * server's certificate is not checked.
 */
export function mailNotices(env: Env): string[] {
  const transport = describeSmtpUrl(env.SMTP_URL);
  const lines = transport
    ? [`mail goes through ${transport}, from ${mailFrom(env)}`]
    : [
        `mail is off (SMTP_URL is not set): messages are kept in Settings → Mail (${env.APP_URL}${MAIL_SETTINGS_PATH}); ` +
          "reset a password with npm run admin -- reset-link --email <address>",
      ];
  if (env.SMTP_TLS_ALLOW_UNVERIFIED) lines.push("warning: SMTP_TLS_ALLOW_UNVERIFIED is on: the mail server's certificate is not checked");
  return lines;
}
