/** An unsubscribe link this service did not sign (mistyped, cut short, forged). */
export default function UnsubscribeLinkNotFound() {
  return (
    <div className="auth-card">
      <h1>Link not valid</h1>
      <p className="auth-lead">
        This unsubscribe link is not valid: it may be incomplete. Open it from the email again, or choose which emails you get under
        Notifications on the form&apos;s page in Formhouse.
      </p>
    </div>
  );
}
