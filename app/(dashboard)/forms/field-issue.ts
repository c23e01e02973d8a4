import { TRPCClientError } from "@trpc/client";

/**
 * The validation message about one input field (`name`), capitalized for a label's
 * neighbourhood: the procedures' zod issues carry the field's path.
 */
export function fieldIssue(error: unknown, field: string): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const issues = (error.data as { zodIssues?: { path: PropertyKey[]; message: string }[] } | undefined)?.zodIssues;
  const issue = issues?.find((i) => i.path[0] === field);
  return issue ? issue.message.charAt(0).toUpperCase() + issue.message.slice(1) : null;
}
