import "server-only";
import type { MailKind } from "@/db/schema";
import { ACCOUNT_LINK_MINUTES, INVITATION_DAYS } from "@/lib/account-rules";
import { RESUME_LINK_DAYS } from "@/lib/survey/save-later";
import { renderLayout, type MailBody } from "./layout";

/** A response's answers as text, in the form's order (server/mail/answers-text.ts). */
export type AnswerLine = { label: string; text: string };

/** What each kind keeps in `mail_messages.content`; a one-time link is under `secret`. */
export type MailContent = {
  password_reset: { secret?: { link: string } };
  email_change: { newEmail: string; secret?: { link: string } };
  email_changed: { newEmail: string };
  notification: { formName: string; answers: AnswerLine[]; submissionUrl: string };
  digest: { formName: string; count: number; since: string; formUrl: string };
  receipt: { formName: string; message: string; answers?: AnswerLine[] };
  test: { transport: string };
  invitation: { organizationName: string; inviterName: string; role: string; secret?: { link: string } };
  resume_link: { formName: string; secret?: { link: string } };
};

export type RenderContext = {
  appUrl: string;
  /** The one-click unsubscribe link of a notification or a digest. */
  unsubscribeUrl?: string;
};

const signature = (appUrl: string) => `Sent by Formhouse at ${appUrl}.`;
const NO_LINK = "This message carried a one-time link, which is not kept once the message has been handed to the mail server.";

/** The body of one message of `kind` (its subject is on the row, chosen when it was queued). */
export function mailBody(kind: MailKind, content: Record<string, unknown>, ctx: RenderContext): MailBody {
  const footer = [signature(ctx.appUrl)];
  const unsubscribe = ctx.unsubscribeUrl
    ? [`You get this because you asked for it in the form's settings. Unsubscribe: ${ctx.unsubscribeUrl}`]
    : [];
  switch (kind) {
    case "password_reset": {
      const c = content as MailContent["password_reset"];
      return {
        heading: "Reset your password",
        paragraphs: [
          "Someone asked to reset the password of the Formhouse account with this address. " +
            `If it was you, choose a new password with the link below. It works once, for ${ACCOUNT_LINK_MINUTES} minutes.`,
          "If it was not you, ignore this message: your password stays as it is.",
        ],
        action: c.secret ? { label: "Choose a new password", url: c.secret.link } : undefined,
        footer: c.secret ? footer : [NO_LINK, ...footer],
      };
    }
    case "email_change": {
      const c = content as MailContent["email_change"];
      return {
        heading: "Confirm your new email",
        paragraphs: [
          `Confirm that ${c.newEmail} is the address you want to sign in to Formhouse with. ` +
            `The link works once, for ${ACCOUNT_LINK_MINUTES} minutes.`,
          "If you did not ask for this, ignore this message: nothing changes.",
        ],
        action: c.secret ? { label: "Confirm this address", url: c.secret.link } : undefined,
        footer: c.secret ? footer : [NO_LINK, ...footer],
      };
    }
    case "email_changed": {
      const c = content as MailContent["email_changed"];
      return {
        heading: "Your sign-in email was changed",
        paragraphs: [
          `Your Formhouse account now signs in with ${c.newEmail}, not this address.`,
          "If you did not make this change, reset your password from the sign-in page at once and tell your administrator.",
        ],
        footer,
      };
    }
    case "notification": {
      const c = content as MailContent["notification"];
      return {
        heading: `New response to ${c.formName}`,
        paragraphs: [c.answers.length ? "The answers:" : "The response has no answers."],
        answers: c.answers,
        action: { label: "Open the response", url: c.submissionUrl },
        footer: [...unsubscribe, ...footer],
      };
    }
    case "digest": {
      const c = content as MailContent["digest"];
      const n = c.count === 1 ? "1 new response" : `${c.count} new responses`;
      return {
        heading: `${n} to ${c.formName}`,
        paragraphs: [`${c.formName} received ${n} since ${new Date(c.since).toUTCString()}.`],
        action: { label: "See the responses", url: c.formUrl },
        footer: [...unsubscribe, ...footer],
      };
    }
    case "receipt": {
      const c = content as MailContent["receipt"];
      return {
        heading: c.formName,
        paragraphs: c.message.split(/\n{2,}/).filter((s) => s.trim()),
        answers: c.answers,
        footer: [`You get this because this address was given in ${c.formName}.`, ...footer],
      };
    }
    case "invitation": {
      const c = content as MailContent["invitation"];
      return {
        heading: `Join ${c.organizationName} on Formhouse`,
        paragraphs: [
          `${c.inviterName} invited you to join ${c.organizationName} as ${/^[aeiou]/i.test(c.role) ? "an" : "a"} ${c.role}. ` +
            `Accept with the link below: it works once, for ${INVITATION_DAYS} days.`,
          "If you did not expect this, ignore this message: nothing happens.",
        ],
        action: c.secret ? { label: "Accept the invitation", url: c.secret.link } : undefined,
        footer: c.secret ? footer : [NO_LINK, ...footer],
      };
    }
    case "resume_link": {
      const c = content as MailContent["resume_link"];
      return {
        heading: `Continue ${c.formName}`,
        paragraphs: [
          "Your answers so far are saved. Pick up where you left off with the link below, in any browser. " +
            `It works for ${RESUME_LINK_DAYS} days, until the form is sent.`,
          "If you did not ask for this, ignore this message: nothing is sent without you.",
        ],
        action: c.secret ? { label: "Continue the form", url: c.secret.link } : undefined,
        footer: c.secret
          ? [`You get this because this address was given to save answers to ${c.formName}.`, ...footer]
          : [NO_LINK, ...footer],
      };
    }
    case "test": {
      const c = content as MailContent["test"];
      return {
        heading: "Formhouse can send mail",
        paragraphs: [
          `This test message went through ${c.transport}. Password resets, notifications and receipts will arrive the same way.`,
        ],
        footer,
      };
    }
  }
}

export const renderMail = (kind: MailKind, content: Record<string, unknown>, ctx: RenderContext) =>
  renderLayout(mailBody(kind, content, ctx));
