import { SentMark } from "./sent-again";
import { SentMarkNow } from "./sent-mark-now";
import { SurveyNotice } from "./survey-shell";

/** What the thanks procedure found: the form's name and the ending named, or null (a plain thank-you). */
type Found = { formName: string; ending: { title: string; message: string | null } | null } | null;

/**
 * The thank-you page of a sent form, for the public form's address and a unique link's alike: a
 * form's ending (its own title and message), or the plain thank-you naming the form.
 */
export function SurveyThanks({ found, form = null, endingId = null }: { found: Found; form?: string | null; endingId?: string | null }) {
  const ending = found?.ending;
  // An embedding page hears that the form was sent, and which ending it reached (ids only).
  const facts = { form, submitted: true, ending: ending ? endingId : null };
  if (ending) {
    return (
      <SurveyNotice tone="success" title={ending.title || "Thank you!"} facts={facts}>
        <SentMarkNow />
        <SentMark />
        {ending.message ? <p className="sv-notice-text sv-ending-message">{ending.message}</p> : null}
      </SurveyNotice>
    );
  }
  return (
    <SurveyNotice tone="success" title="Thank you!" facts={facts}>
      <SentMarkNow />
      <SentMark />
      <p className="sv-notice-text">
        Your answers{" "}
        {found ? (
          <>
            to <strong>{found.formName}</strong>{" "}
          </>
        ) : null}
        have been sent. You can close this page now.
      </p>
    </SurveyNotice>
  );
}
