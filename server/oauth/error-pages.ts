import "server-only";
/**
 * The authorization server's own error page, by reason: a request whose client or redirect URI
 * cannot be trusted (never redirected, RFC 6749 §4.1.2.1), or a refused consent post.
 * Nothing from the request is echoed.
 */
export const ERROR_PAGES = {
  missing_client: {
    title: "This link is incomplete",
    text: "The application did not say which application it is (client_id is missing). Go back to it and start connecting again.",
  },
  unknown_client: {
    title: "Unknown application",
    text:
      "No application with this client_id is registered on this Formhouse server. " +
      "Ask the application's provider or this server's operator to check the connection settings.",
  },
  missing_redirect_uri: {
    title: "This link is incomplete",
    text: "The application did not say where to send you back (redirect_uri is missing). Go back to it and start connecting again.",
  },
  redirect_uri_mismatch: {
    title: "Unregistered return address",
    text:
      "The application asked to send you back to an address (redirect_uri) that is not registered for it, " +
      "so Formhouse will not send you there.",
  },
  duplicate_parameter: {
    title: "Malformed request",
    text: "The application sent client_id or redirect_uri more than once. Go back to it and start connecting again.",
  },
  consent_expired: {
    title: "This page has expired",
    text: "The approval page was open for too long. Go back to the application and connect again.",
  },
  consent_invalid: {
    title: "This approval could not be accepted",
    text: "It was not made on this server's approval page for the account that is signed in. Go back to the application and connect again.",
  },
  cross_site: {
    title: "Request refused",
    text: "The approval did not come from Formhouse's own page, so it was not accepted.",
  },
} as const;

export type ErrorPageReason = keyof typeof ERROR_PAGES;
