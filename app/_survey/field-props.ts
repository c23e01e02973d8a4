import type { PhoneCountry } from "@/server/services/survey/phone-countries";
import type { SurveyElement } from "@/server/services/survey/survey-elements";
import type { ConformForm, Field } from "./conform";

/** What every field component gets: its element, Conform's metadata of it and of the form, the phone countries. */
export type FieldProps = { element: SurveyElement; field: Field; form: ConformForm; countries: PhoneCountry[] | null };
