import type { PhoneCountry } from "@/lib/phone/phone-countries";
import type { SurveyElement } from "@/lib/survey/survey-elements";
import type { ConformForm, Field } from "./conform";

/** What every field component gets: its element, Conform's metadata of it and of the form, the phone countries. */
export type FieldProps = { element: SurveyElement; field: Field; form: ConformForm; countries: PhoneCountry[] | null };
