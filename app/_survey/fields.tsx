"use client";

import { getInputProps, getTextareaProps } from "@conform-to/react";
import { ChoiceField, DropdownField } from "./choice-fields";
import { CompositeField } from "./composite-field";
import { FileField } from "./file-field";
import { fieldsetOf } from "./conform";
import { Block, controlState, describedBy, FieldError, Hint, Label, LabelledField } from "./field-parts";
import type { FieldProps } from "./field-props";
import { RankingField, RepeatField } from "./list-fields";
import { MatrixField } from "./matrix-field";

/** One element of the form, by type. Unknown types are asked as short text. */
export function SurveyField(props: FieldProps) {
  const { element, field } = props;
  switch (element.type) {
    case "hidden":
      return <input {...getInputProps(field, { type: "hidden" })} key={field.key} />;
    case "radio":
    case "picture-checkbox":
    case "multiple-checkbox":
      return <ChoiceField {...props} />;
    case "dropdown":
      return <DropdownField {...props} />;
    case "ranking":
      return <RankingField {...props} />;
    case "matrix":
      return <MatrixField {...props} />;
    case "repeat-field":
      return <RepeatField {...props} ComponentField={SurveyField} />;
    case "name":
    case "address":
      return <CompositeField {...props} />;
    case "phone":
      return element.countrySelector ? <PhoneField {...props} /> : <TextField {...props} />;
    case "long-text":
      return <LongTextField {...props} />;
    case "file-upload":
      return <FileField {...props} />;
    default:
      return <TextField {...props} />;
  }
}

/** Input type, keyboard and autofill per text-like element type. */
type TextInput = { type: "text" | "email" | "tel" | "date"; inputMode?: "decimal" | "email" | "tel"; autoComplete?: string };
const TEXT_INPUTS: Record<string, TextInput> = {
  email: { type: "email", inputMode: "email", autoComplete: "email" },
  // Text, not type=number: the server sees what was typed and can say what is wrong with it.
  number: { type: "text", inputMode: "decimal" },
  date: { type: "date" },
  phone: { type: "tel", inputMode: "tel", autoComplete: "tel" },
};

function TextField({ element, field }: FieldProps) {
  const kind = TEXT_INPUTS[element.type] ?? { type: "text" as const };
  return (
    <LabelledField element={element} field={field}>
      <input
        {...getInputProps(field, { type: kind.type, ariaAttributes: false })}
        key={field.key}
        className="sv-input"
        inputMode={kind.inputMode}
        autoComplete={kind.autoComplete}
        placeholder={element.placeholder}
        maxLength={element.maxLength}
        {...controlState(field, element)}
      />
    </LabelledField>
  );
}

function LongTextField({ element, field }: FieldProps) {
  return (
    <LabelledField element={element} field={field}>
      <textarea
        {...getTextareaProps(field, { ariaAttributes: false })}
        key={field.key}
        className="sv-input sv-textarea"
        rows={5}
        placeholder={element.placeholder}
        maxLength={element.maxLength}
        {...controlState(field, element)}
      />
      {element.maxLength ? <p className="sv-hint sv-hint-after">Up to {element.maxLength.toLocaleString("en-US")} characters</p> : null}
    </LabelledField>
  );
}

/**
 * A phone with a country selector: the number is labelled by the element, the selector
 * "Country code" (described by the element's label too). Both post under `<id>.country`
 * and `<id>.number`; errors are the element's.
 */
function PhoneField({ element, field, countries }: FieldProps) {
  const parts = fieldsetOf(field);
  const country = parts.country!;
  const number = parts.number!;
  const labelId = `${field.id}-label`;
  const describe = describedBy(field, element);
  return (
    <Block invalid={Boolean(field.errors)}>
      <Label htmlFor={number.id} id={labelId} required={element.required}>
        {element.label}
      </Label>
      <Hint element={element} field={field} />
      <div className="sv-phone">
        <select
          key={country.key}
          id={country.id}
          name={country.name}
          defaultValue={typeof country.initialValue === "string" ? country.initialValue : ""}
          className="sv-input sv-select sv-phone-country"
          aria-label="Country code"
          aria-describedby={labelId}
          autoComplete="tel-country-code"
        >
          <option value="">Code</option>
          {(countries ?? []).map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} ({c.dialCode})
            </option>
          ))}
        </select>
        <input
          key={number.key}
          id={number.id}
          name={number.name}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          defaultValue={typeof number.initialValue === "string" ? number.initialValue : ""}
          className="sv-input"
          placeholder={element.placeholder}
          required={element.required}
          aria-invalid={field.errors ? true : undefined}
          aria-describedby={describe}
        />
      </div>
      <FieldError field={field} />
    </Block>
  );
}
