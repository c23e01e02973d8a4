"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { FormElement } from "@/db/schema";
import type { ElementType, LayoutType } from "@/lib/forms/element-types";
import { ElementFields } from "./element-fields";
import { TYPE_LABELS } from "./element-model";
import type { CardProblems } from "./problems";

/** One element of the form in the builder's column: a drag handle, its fields, its actions. */
export function ElementCard({
  element,
  index,
  count,
  problems,
  onChange,
  onMove,
  onDuplicate,
  onRemove,
  onRemoveComponent,
  before,
  renamable,
  taken,
  onRenameId,
}: {
  element: FormElement;
  /** The elements before this one: what its conditions may look at. */
  before: readonly FormElement[];
  /** Whether its id may be renamed (no submission holds an answer to it). */
  renamable: boolean;
  taken: (id: string) => boolean;
  onRenameId: (id: string) => void;
  index: number;
  count: number;
  problems: CardProblems;
  onChange: (next: FormElement) => void;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  /** A repeat field's Remove on one of its components. */
  onRemoveComponent: (component: FormElement) => void;
}) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id: element.id });
  const style = { transform: CSS.Translate.toString(transform), transition };
  const headingId = `card-${element.id}-title`;
  const typeLabel = TYPE_LABELS[element.type as ElementType | LayoutType] ?? element.type;
  const invalid = problems.items.length > 0;
  return (
    <li
      ref={setNodeRef}
      style={style}
      id={`card-${element.id}`}
      className={`bl-card${isDragging ? " bl-card-dragging" : ""}${invalid ? " bl-card-invalid" : ""}`}
      aria-labelledby={headingId}
      data-element-id={element.id}
    >
      <div className="bl-card-head">
        <button
          type="button"
          className="bl-handle"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder question ${index + 1}`}
          aria-roledescription="sortable"
        >
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
            <circle cx="9" cy="6" r="1.6" />
            <circle cx="15" cy="6" r="1.6" />
            <circle cx="9" cy="12" r="1.6" />
            <circle cx="15" cy="12" r="1.6" />
            <circle cx="9" cy="18" r="1.6" />
            <circle cx="15" cy="18" r="1.6" />
          </svg>
        </button>
        <h2 id={headingId} className="bl-card-title">
          <span className="bl-card-number">{index + 1}.</span> {typeLabel}
          {element.label ? <span className="bl-card-label"> — {element.label}</span> : null}
        </h2>
      </div>
      {invalid ? (
        <p className="bl-card-alert" id={`card-${element.id}-problems`}>
          {problems.items.length === 1 ? "1 thing to fix" : `${problems.items.length} things to fix`} in this question
        </p>
      ) : null}
      <ElementFields
        element={element}
        onChange={onChange}
        onRemoveComponent={onRemoveComponent}
        problems={problems}
        idBase={`el-${element.id}`}
        top={{ before, renamable, taken, onRenameId }}
      />
      <div className="bl-actions" role="group" aria-label={`Actions for question ${index + 1}`}>
        <button type="button" className="button button-small button-ghost" onClick={() => onMove(index - 1)} disabled={index === 0}>
          Move up
        </button>
        <button type="button" className="button button-small button-ghost" onClick={() => onMove(index + 1)} disabled={index === count - 1}>
          Move down
        </button>
        <button type="button" className="button button-small button-ghost" onClick={onDuplicate}>
          Duplicate
        </button>
        <button type="button" className="button button-small button-ghost bl-delete" onClick={onRemove}>
          Delete
        </button>
      </div>
    </li>
  );
}
