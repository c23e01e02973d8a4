import { FormNotAvailable } from "@/app/_survey/survey-shell";

/** Unknown, unpublished and trashed forms (and unknown unique links) all get this page. */
export default function SurveyNotFound() {
  return <FormNotAvailable />;
}
