import { ERROR_PAGES, type ErrorPageReason } from "@/server/oauth/error-pages";

/** The error page of the authorization server: a request we will not send back to its client. */
export function OAuthErrorCard({ reason }: { reason: ErrorPageReason }) {
  const { title, text } = ERROR_PAGES[reason];
  return (
    <div className="auth-card oauth-card">
      <h1>{title}</h1>
      <p className="auth-lead">{text}</p>
      <p className="oauth-note">You can close this page.</p>
    </div>
  );
}
