import "server-only";
import { z } from "zod";

/** An invitation sent: the link is there only without a mail server, for the inviter to pass on. */
export const ZSentInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  link: z.string().nullable().describe("The one-time link, when no mail server is configured; null when it was mailed"),
});

export const ZInvitationToken = z.object({ token: z.string().max(200).describe("The token of the invitation's link") });

export const ZJoined = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  alreadyMember: z.boolean().describe("The address was a member already: nothing changed"),
});
