import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { db } from "@/db";
import { getSessionUser } from "@/server/auth/next-auth";
import { authorizePage, type ConsentView } from "@/server/oauth/consent";
import { OAUTH_PATHS } from "@/lib/app-paths";
import { OAuthErrorCard } from "../_components/oauth-error";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Connect an application" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `GET /oauth/authorize`: our error page, a redirect, or the consent page (server/oauth/consent.ts). */
export default async function AuthorizePage({ searchParams }: { searchParams: SearchParams }) {
  const view = await authorizePage(db(), await searchParams, await getSessionUser());
  if (view.kind === "redirect") redirect(view.url);
  if (view.kind === "error-page") return <OAuthErrorCard reason={view.reason} />;
  return <Consent view={view} />;
}

/** A plain form: works without JavaScript; Deny comes first so Enter never allows by accident. */
function Consent({ view }: { view: ConsentView }) {
  return (
    <div className="auth-card oauth-card">
      <h1>Connect {view.clientName}</h1>
      <p className="auth-lead">
        <strong>{view.clientName}</strong>{" "}
        {view.resource === "mcp"
          ? "wants to use your Formhouse organization as an assistant (MCP)."
          : "wants to access your Formhouse organization."}
      </p>
      {view.unverified && (
        <p className="oauth-note oauth-unverified" role="note">
          <strong>Unverified app.</strong> It registered itself under the name “{view.clientName}”; Formhouse has not checked who made it.
          Allow only if you are connecting an assistant you trust right now.
        </p>
      )}
      <dl className="oauth-facts">
        <dt>Organization</dt>
        <dd>{view.organizationName}</dd>
        <dt>Signed in as</dt>
        <dd>{view.userEmail}</dd>
      </dl>
      <h2 id="scopes-heading">{view.clientName} will be able to</h2>
      <ul className="oauth-scopes" aria-labelledby="scopes-heading">
        {view.scopes.map(({ scope, description }) => (
          <li key={scope}>
            <span>{description}</span>
            <code>{scope}</code>
          </li>
        ))}
      </ul>
      <p className="oauth-note">
        Afterwards you go back to <strong>{view.returnHost}</strong>. You can revoke this access at any time under Connected apps.
      </p>
      <form method="post" action={OAUTH_PATHS.decision}>
        <input type="hidden" name="consent" value={view.consent} />
        <div className="oauth-actions">
          <button type="submit" name="decision" value="deny" className="button">
            Deny
          </button>
          <button type="submit" name="decision" value="allow" className="button button-primary">
            Allow
          </button>
        </div>
      </form>
    </div>
  );
}
