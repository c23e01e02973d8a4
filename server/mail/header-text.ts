import "server-only";

/**
 * Text bound for a header (a subject, a name, an address) on one line: CR, LF and other
 * control characters become spaces, so no value can end its header and start another.
 * nodemailer encodes what is left.
 */
export const headerText = (s: string) => s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
