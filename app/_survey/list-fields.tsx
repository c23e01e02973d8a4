"use client";

import { MAX_REPEAT_ROWS } from "@/lib/answers/validate-answers";
import { getInputProps } from "@conform-to/react";
import { useEffect, useRef, useState, type ComponentType } from "react";
import type { SurveyElement } from "@/lib/survey/survey-elements";
import { fieldsetOf, listOf } from "./conform";
import { Block, Group } from "./field-parts";
import type { FieldProps } from "./field-props";

/**
 * ranking: an ordered list; each item moves with "Move up" / "Move down" buttons (no
 * dragging). They are Conform reorder buttons: with JavaScript the list changes in place,
 * focus stays on the moved item and a live region says where it went; without it they
 * post the form and the server answers with the list reordered. Hidden inputs
 * `<id>[0]`, `<id>[1]`, … carry the order.
 */
export function RankingField({ element, field, form }: FieldProps) {
  const items = listOf(field);
  const labels = new Map((element.options ?? []).map((o) => [o.value, o.label] as const));
  // The item just moved: read once the reorder has rendered, to keep focus on it.
  const moved = useRef<{ value: string; direction: "up" | "down" } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLOListElement>(null);

  const order = items.map((item) => String(item.value ?? item.initialValue ?? ""));
  const move = (value: string, label: string, from: number, direction: "up" | "down") => {
    moved.current = { value, direction };
    const to = direction === "up" ? from - 1 : from + 1;
    setAnnouncement(`${label} moved to position ${to + 1} of ${order.length}`);
  };
  useEffect(() => {
    const last = moved.current;
    if (!last) return;
    // Keep focus on the moved item: the same button, or the other one at either end.
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(`[data-item="${CSS.escape(last.value)}"] button`);
    const preferred = buttons?.[last.direction === "up" ? 0 : 1];
    const target = preferred && !preferred.disabled ? preferred : buttons?.[last.direction === "up" ? 1 : 0];
    target?.focus();
    moved.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs after the reorder renders
  }, [order.join("\u0000")]);

  return (
    <Block invalid={Boolean(field.errors)}>
      <Group element={element} field={field} requiredNote className="sv-ranking">
        <p className="sv-hint sv-hint-tight">Put the options in order, most important first.</p>
        <ol className="sv-rank-list" ref={listRef}>
          {items.map((item, i) => {
            const value = order[i]!;
            const label = labels.get(value) ?? value;
            return (
              <li key={item.key} className="sv-rank-item" data-item={value}>
                <input {...getInputProps(item, { type: "hidden" })} />
                <span className="sv-rank-position" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="sv-rank-label">{label}</span>
                <span className="sv-rank-buttons">
                  <button
                    {...form.reorder.getButtonProps({ name: field.name, from: i, to: i - 1 })}
                    id={`${field.id}-up-${i}`}
                    className="sv-icon-button"
                    disabled={i === 0}
                    onClick={() => move(value, label, i, "up")}
                  >
                    <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18">
                      <path fill="currentColor" d="M10 5.5 4.5 11l1.4 1.4L10 8.3l4.1 4.1 1.4-1.4z" />
                    </svg>
                    <span className="sv-visually-hidden">Move {label} up</span>
                  </button>
                  <button
                    {...form.reorder.getButtonProps({ name: field.name, from: i, to: i + 1 })}
                    id={`${field.id}-down-${i}`}
                    className="sv-icon-button"
                    disabled={i === items.length - 1}
                    onClick={() => move(value, label, i, "down")}
                  >
                    <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18">
                      <path fill="currentColor" d="M10 14.5 15.5 9l-1.4-1.4L10 11.7 5.9 7.6 4.5 9z" />
                    </svg>
                    <span className="sv-visually-hidden">Move {label} down</span>
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
        <p className="sv-visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </Group>
    </Block>
  );
}

/** A new repeat-field row starts like the page's first row: rankings in option order. */
function newRow(element: SurveyElement): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const c of element.components ?? []) if (c.type === "ranking") row[c.id] = (c.options ?? []).map((o) => o.value);
  return row;
}

/**
 * repeat-field: each row is a fieldset ("<label> 1", "<label> 2", …) of the components,
 * posted as `<id>[<row>].<component id>`. "Add another" and "Remove" are Conform list
 * buttons (server round trip without JavaScript); with it, focus goes to the new row's
 * first control, or to "Add another" after a removal. Each component is asked by
 * `ComponentField`, the form's own field (fields.tsx passes it: it imports this file).
 */
export function RepeatField(props: FieldProps & { ComponentField: ComponentType<FieldProps> }) {
  const { element, field, form, countries, ComponentField } = props;
  const rows = listOf(field);
  const [focusRow, setFocusRow] = useState<number | "add" | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const groupRef = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    if (focusRow === null) return;
    const row = focusRow === "add" ? null : groupRef.current?.querySelectorAll<HTMLFieldSetElement>(".sv-repeat-row")[focusRow];
    const target = focusRow === "add" ? addRef.current : row?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea");
    if (!target) return; // the new row renders on a later pass
    target.focus();
    setFocusRow(null);
  }, [focusRow, rows.length]);

  return (
    <Block invalid={Boolean(field.errors)}>
      <fieldset className="sv-group sv-repeat" ref={groupRef} id={field.id} aria-describedby={field.errors ? field.errorId : undefined}>
        <legend className="sv-label">
          {element.label}
          {element.required ? (
            <>
              <span className="sv-required" aria-hidden="true">
                *
              </span>
              <span className="sv-visually-hidden"> (required)</span>
            </>
          ) : null}
        </legend>
        {element.description ? <p className="sv-hint">{element.description}</p> : null}
        {rows.map((row, i) => {
          const parts = fieldsetOf(row);
          const legend = `${element.label} ${i + 1}`;
          return (
            <fieldset key={row.key} className="sv-repeat-row">
              <legend className="sv-repeat-legend">{legend}</legend>
              {(element.components ?? []).map((component) => (
                <ComponentField key={component.id} element={component} field={parts[component.id]!} form={form} countries={countries} />
              ))}
              {rows.length > 1 ? (
                <button
                  {...form.remove.getButtonProps({ name: field.name, index: i })}
                  className="sv-link-button"
                  onClick={() => setFocusRow("add")}
                >
                  Remove<span className="sv-visually-hidden"> {legend}</span>
                </button>
              ) : null}
            </fieldset>
          );
        })}
        {rows.length < MAX_REPEAT_ROWS ? (
          <button
            {...form.insert.getButtonProps({ name: field.name, defaultValue: newRow(element) as never })}
            ref={addRef}
            className="sv-secondary-button"
            onClick={() => setFocusRow(rows.length)}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
              <path fill="currentColor" d="M9 4h2v5h5v2h-5v5H9v-5H4V9h5z" />
            </svg>
            Add another<span className="sv-visually-hidden"> to {element.label}</span>
          </button>
        ) : null}
        {field.errors?.length ? (
          <p className="sv-error" id={field.errorId}>
            <span>{field.errors.join(". ")}</span>
          </p>
        ) : null}
      </fieldset>
    </Block>
  );
}
