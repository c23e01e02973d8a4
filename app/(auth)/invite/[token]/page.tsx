import type { Metadata } from "next";
import Link from "next/link";
import { serverCaller } from "@/app/_trpc/server";
import { FORMS_PATH, SIGN_IN_PATH } from "@/lib/app-paths";
import { ROLE_LABELS } from "@/lib/permissions";
import { getSession } from "@/server/auth/next-auth";
import { AcceptInvitation, AcceptSignedIn, SignOutToAccept } from "./accept-invitation";

export const metadata: Metadata = { title: "Invitation" };
export const dynamic = "force-dynamic";

/**
 * An invitation's link: who invites to which organization with which role; signed in as the
 * invited address, Join; signed in as someone else, sign out first; signed out, the invited
 * address's password (or a new one, which makes the account). A used, withdrawn or expired
 * link says so.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await (await serverCaller(null)).invitations.preview({ token: token.slice(0, 200) });
  if (invitation.state === "gone") {
    return (
      <div className="auth-card">
        <h1>Invitation</h1>
        <p className="alert alert-error" role="alert" data-testid="invitation-gone">
          {invitation.message}
        </p>
        <p className="auth-switch">
          <Link href={SIGN_IN_PATH}>Sign in</Link>
        </p>
      </div>
    );
  }
  const session = await getSession();
  const role = ROLE_LABELS[invitation.role].toLowerCase();
  const lead = (
    <p className="auth-lead">
      {invitation.inviterName ? `${invitation.inviterName} invited you` : "You are invited"} to join{" "}
      <strong>{invitation.organizationName}</strong> as {/^[aeiou]/.test(role) ? "an" : "a"} <strong>{role}</strong>.
    </p>
  );
  let body;
  if (!session) body = <AcceptInvitation token={token} email={invitation.email} hasAccount={invitation.hasAccount} />;
  else if (session.user.email.toLowerCase() !== invitation.email) {
    body = <SignOutToAccept invited={invitation.email} signedInAs={session.user.email} />;
  } else {
    const orgs = await (await serverCaller(session.user)).account.organizations().catch(() => null);
    body = orgs?.organizations.some((o) => o.id === invitation.organizationId) ? (
      <p className="alert" role="status" data-testid="already-member">
        You are already a member of {invitation.organizationName}. <Link href={FORMS_PATH}>Go to your forms</Link>
      </p>
    ) : (
      <AcceptSignedIn token={token} organizationName={invitation.organizationName} />
    );
  }
  return (
    <div className="auth-card">
      <h1>Join {invitation.organizationName}</h1>
      {lead}
      {body}
    </div>
  );
}
