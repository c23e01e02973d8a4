"use client";

import { getCollectionProps } from "@conform-to/react";
import { fieldsetOf } from "./conform";
import { Block, FieldError, Group } from "./field-parts";
import type { FieldProps } from "./field-props";

/**
 * matrix: one radio group per row. Each row is a fieldset named by the row's label, each
 * radio by its column's label, so a cell reads "Documentation, Great". On wide screens the
 * rows line up under one header of column labels (hidden from assistive tech, which hears
 * each radio's own label); on narrow ones each row stacks its choices.
 */
export function MatrixField({ element, field }: FieldProps) {
  const rows = element.rows ?? [];
  const columns = element.columns ?? [];
  const cells = fieldsetOf(field);
  const template = { "--sv-matrix-columns": columns.length } as React.CSSProperties;
  return (
    <Block invalid={Object.keys(field.allErrors).length > 0}>
      <Group element={element} field={field} className="sv-matrix">
        <div className="sv-matrix-grid" style={template}>
          <div className="sv-matrix-head" aria-hidden="true">
            <span />
            {columns.map((c) => (
              <span key={c.id}>{c.label}</span>
            ))}
          </div>
          {rows.map((row) => {
            const rowField = cells[row.id]!;
            const radios = getCollectionProps(rowField, { type: "radio", options: columns.map((c) => c.id), ariaAttributes: false });
            return (
              <fieldset
                key={row.id}
                className={`sv-matrix-row${rowField.errors ? " sv-matrix-row-invalid" : ""}`}
                aria-describedby={rowField.errors ? rowField.errorId : undefined}
              >
                <legend className="sv-matrix-legend">{row.label}</legend>
                {radios.map(({ key, ...radio }, i) => (
                  <label key={key} className="sv-matrix-cell" htmlFor={radio.id}>
                    <input
                      {...radio}
                      className="sv-choice-input"
                      required={element.required || undefined}
                      aria-invalid={rowField.errors ? true : undefined}
                    />
                    <span className="sv-matrix-column">{columns[i]!.label}</span>
                  </label>
                ))}
                <FieldError field={rowField} />
              </fieldset>
            );
          })}
        </div>
      </Group>
    </Block>
  );
}
