"use client";

import { getInputProps } from "@conform-to/react";
import { fieldsetOf } from "./conform";
import { Block, FieldError, Group, Label } from "./field-parts";
import type { FieldProps } from "./field-props";

/** Autofill tokens for common sub-field names (fixednames are the owner's, so by pattern). */
const AUTOCOMPLETE: [RegExp, string][] = [
  [/^(first|given|fore)_?name$|^first$/i, "given-name"],
  [/^(last|family|sur)_?name$|^last$/i, "family-name"],
  [/^middle/i, "additional-name"],
  [/^(prefix|title|salutation)$/i, "honorific-prefix"],
  [/^(street|address_?1|line_?1|address)$/i, "address-line1"],
  [/^(address_?2|line_?2|apt|suite)$/i, "address-line2"],
  [/^(city|town|locality)$/i, "address-level2"],
  [/^(state|region|province|county)$/i, "address-level1"],
  [/^(zip|zip_?code|postal_?code|post_?code|postcode)$/i, "postal-code"],
  [/^country$/i, "country-name"],
];

/**
 * name, address: a fieldset (legend: the element's label) of text inputs, each labelled by
 * its sub-field's own label and posted as `<id>.<fixedname>`. Required sub-fields carry
 * `required` when the element itself is required (an optional address may stay empty).
 */
export function CompositeField({ element, field }: FieldProps) {
  const parts = fieldsetOf(field);
  return (
    <Block invalid={Object.keys(field.allErrors).length > 0}>
      <Group element={element} field={field} className="sv-composite">
        <div className={`sv-parts${element.type === "address" ? " sv-parts-address" : ""}`}>
          {(element.children ?? []).map((child) => {
            const part = parts[child.fixedname]!;
            const required = element.required && child.required;
            return (
              <div key={child.fixedname} className="sv-part">
                <Label htmlFor={part.id} required={required} sub>
                  {child.label}
                </Label>
                <input
                  {...getInputProps(part, { type: "text" })}
                  key={part.key}
                  className="sv-input"
                  required={required}
                  autoComplete={AUTOCOMPLETE.find(([re]) => re.test(child.fixedname))?.[1]}
                />
                <FieldError field={part} />
              </div>
            );
          })}
        </div>
      </Group>
    </Block>
  );
}
