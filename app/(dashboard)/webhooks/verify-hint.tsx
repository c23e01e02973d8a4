/** How a receiver checks a delivery (Standard Webhooks), shown with a new secret. */
export function VerifyHint() {
  return (
    <div className="verify-hint">
      <p>
        <strong>How to verify:</strong> each delivery carries <code>webhook-id</code>, <code>webhook-timestamp</code> and{" "}
        <code>webhook-signature</code> headers (Standard Webhooks). The signature is <code>v1,</code> + base64 HMAC-SHA256, keyed with the
        secret&apos;s part after <code>whsec_</code> (base64-decoded), of <code>id.timestamp.body</code>. With a Standard Webhooks library:
      </p>
      <pre>{`new Webhook(secret).verify(rawBody, headers)`}</pre>
    </div>
  );
}
