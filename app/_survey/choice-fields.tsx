"use client";

import { getCollectionProps, getSelectProps } from "@conform-to/react";
import { Block, controlState, Group, LabelledField } from "./field-parts";
import type { FieldProps } from "./field-props";

/**
 * radio, picture-checkbox (one choice, shown as picture tiles) and multiple-checkbox: native
 * inputs in a fieldset whose legend is the element's label; each option is labelled by its
 * own label and posts its value.
 */
export function ChoiceField({ element, field }: FieldProps) {
  const options = element.options ?? [];
  const multiple = element.type === "multiple-checkbox";
  const pictures = element.type === "picture-checkbox";
  const controls = getCollectionProps(field, {
    type: multiple ? "checkbox" : "radio",
    options: options.map((o) => o.value),
    ariaAttributes: false,
  });
  return (
    <Block invalid={Boolean(field.errors)}>
      <Group element={element} field={field} requiredNote={multiple}>
        <div className={pictures ? "sv-tiles" : "sv-choices"}>
          {controls.map(({ key, ...control }, i) => {
            const option = options[i]!;
            return (
              <label key={key} className={pictures ? "sv-tile" : "sv-choice"} htmlFor={control.id}>
                <input
                  {...control}
                  className="sv-choice-input"
                  required={!multiple && element.required ? true : undefined}
                  aria-invalid={field.errors ? true : undefined}
                />
                {pictures ? (
                  option.imageUrl ? (
                    // eslint-disable-next-line @next/next/no-img-element -- owner-supplied URLs of any host
                    <img className="sv-tile-image" src={option.imageUrl} alt="" loading="lazy" />
                  ) : (
                    <span className="sv-tile-image sv-tile-initial" aria-hidden="true">
                      {option.label.trim().charAt(0).toUpperCase() || "?"}
                    </span>
                  )
                ) : null}
                <span className="sv-choice-label">{option.label}</span>
              </label>
            );
          })}
        </div>
      </Group>
    </Block>
  );
}

/** dropdown: a native select; the empty first option is "no answer". */
export function DropdownField({ element, field }: FieldProps) {
  return (
    <LabelledField element={element} field={field}>
      <select
        {...getSelectProps(field, { ariaAttributes: false })}
        key={field.key}
        className="sv-input sv-select"
        {...controlState(field, element)}
      >
        <option value="">Choose…</option>
        {(element.options ?? []).map((o) => (
          <option key={o.id} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}
