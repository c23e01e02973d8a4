"use client";

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { errorMessage } from "@/app/_trpc/errors";
import { useTRPC } from "@/app/_trpc/client";
import type { FormElement, FormSettings } from "@/db/schema";
import type { ElementProblem } from "@/lib/forms/definition";
import { ELEMENT_TYPES, PAGE_BREAK, type ElementType, type LayoutType } from "@/lib/forms/element-types";
import type { PhoneCountry } from "@/lib/phone/phone-countries";
import type { BuilderDraft as Draft } from "@/server/services/forms/builder-draft";
import { ConfirmDialog } from "../../../_components/confirm-dialog";
import { ErrorState } from "../../../_components/list-states";
import { BuilderPreview } from "./builder-preview";
import { ElementCard } from "./element-card";
import { duplicateElement, move, newElement, TYPE_LABELS } from "./element-model";
import { renameElementId, SettingsEditor } from "./logic-editors";
import { PublishingEditor } from "./publishing-editor";
import { cardProblems, NO_PROBLEMS, summaryText, type CardProblems } from "./problems";
import { useAutosave, type SaveStatus } from "./use-autosave";
import "./builder.css";

/** The form builder: the draft the page loaded, kept in the query cache so "reload" refetches it. */
export function FormBuilder({ initial, countries }: { initial: Draft; countries: PhoneCountry[] }) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.forms.getDraft.queryOptions(
      { form: initial.uuid },
      { initialData: initial, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
    ),
  );
  if (query.isError) {
    return (
      <>
        <h1 className="visually-hidden">Edit form</h1>
        <ErrorState title="Could not load this form" error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
      </>
    );
  }
  return <Builder key={`${query.data.uuid}-${query.dataUpdatedAt}`} initial={query.data} countries={countries} />;
}

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: "",
  saving: "Saving…",
  saved: "Saved",
  error: "Couldn’t save — retry",
  conflict: "Not saved: changed elsewhere",
};

function Builder({ initial, countries }: { initial: Draft; countries: PhoneCountry[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [elements, setElements] = useState<FormElement[]>(initial.elements);
  // The description and endings save with the elements (the autosave watches the tree; a settings edit hands it a new one).
  const [settings, setSettings] = useState<FormSettings>(initial.settings);
  const settingsRef = useRef(settings);
  useEffect(() => {
    settingsRef.current = settings;
  });
  const [state, setState] = useState({
    published: initial.published,
    hasDraft: initial.hasDraft,
    savedElementCount: initial.savedElementCount,
    submissionsCount: initial.submissionsCount,
  });
  const [announcement, setAnnouncement] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ elementId: string | null; problem: ElementProblem }[] | null>(null);
  const [showPreview, setShowPreview] = useState(false);
  /** The field (or, with `parent`, the repeat field's component) waiting for "Delete field". */
  const [removing, setRemoving] = useState<{
    element: FormElement;
    parent: FormElement | null;
    answers: number | null;
    submissions: number;
  } | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<string | null>(null);

  const saveMutation = useMutation(trpc.forms.saveDraft.mutationOptions());
  const autosave = useAutosave({
    elements,
    revision: initial.revision,
    save: (tree, revision) => saveMutation.mutateAsync({ form: initial.uuid, elements: tree, settings: settingsRef.current, revision }),
    onSaved: (saved) => setState((s) => ({ ...s, hasDraft: saved.hasDraft })),
  });
  const publish = useMutation(trpc.forms.publish.mutationOptions());
  const unpublish = useMutation(trpc.forms.unpublish.mutationOptions());
  const discard = useMutation(trpc.forms.discardDraft.mutationOptions());

  // After adding or moving, focus follows the element (keyboard users keep their place).
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    const focus = () => {
      const el = document.querySelector<HTMLElement>(target);
      el?.focus();
      // A new field's "Untitled question" is selected, so typing replaces it.
      if (el instanceof HTMLInputElement && el.dataset.selectOnFocus !== undefined) el.select();
    };
    focus();
    // A confirm dialog closing in the same render may drop focus to <body> a frame later, when
    // the button that opened it was the one deleted: put it back where it belongs.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) focus();
    });
  });

  const { touch } = autosave;
  const edit = useCallback(
    (fn: (list: FormElement[]) => FormElement[]) => {
      setElements((list) => fn(list));
      touch();
    },
    [touch],
  );

  const moveTo = (from: number, to: number, focus: "button" | "handle") => {
    if (to < 0 || to >= elements.length) return;
    const el = elements[from]!;
    edit((list) => move(list, from, to));
    setAnnouncement(
      `${TYPE_LABELS[el.type as ElementType] ?? el.type}${el.label ? ` “${el.label}”` : ""} ` +
        `moved to position ${to + 1} of ${elements.length}.`,
    );
    if (focus === "button") {
      // Keep focus on the same button; at the edge it is disabled, so use the other one.
      const which = to === 0 ? "Move down" : to === elements.length - 1 ? "Move up" : from > to ? "Move up" : "Move down";
      focusAfter.current = `#card-${CSS.escape(el.id)} .bl-actions button:nth-child(${which === "Move up" ? 1 : 2})`;
    }
  };

  const add = (type: ElementType | LayoutType) => {
    const element = newElement(type);
    edit((list) => [...list, element]);
    setAnnouncement(`${TYPE_LABELS[type]} added as question ${elements.length + 1}.`);
    focusAfter.current = `#el-${CSS.escape(element.id)}-label[data-select-on-focus]`;
  };

  const editSettings = (next: FormSettings) => {
    setSettings(next);
    settingsRef.current = next;
    edit((list) => [...list]);
  };

  const renameId = (from: string, to: string) => {
    const renamed = renameElementId(elements, settings, from, to);
    setSettings(renamed.settings);
    settingsRef.current = renamed.settings;
    edit(() => renamed.elements);
    setAnnouncement(`Field id changed to ${to}.`);
  };

  const removeNow = (element: FormElement) => {
    const index = elements.findIndex((e) => e.id === element.id);
    edit((list) => list.filter((e) => e.id !== element.id));
    setAnnouncement(`Question ${index + 1} deleted.`);
    const next = elements[index + 1] ?? elements[index - 1];
    focusAfter.current = next ? `#card-${CSS.escape(next.id)} .bl-handle` : "#bl-palette button";
  };

  const removeComponentNow = (parent: FormElement, component: FormElement) => {
    const siblings = parent.components ?? [];
    const index = siblings.findIndex((c) => c.id === component.id);
    edit((list) =>
      list.map((e) => (e.id === parent.id ? { ...e, components: (e.components ?? []).filter((c) => c.id !== component.id) } : e)),
    );
    const question = elements.findIndex((e) => e.id === parent.id) + 1;
    setAnnouncement(`Field ${index + 1} in each entry of question ${question} deleted.`);
    // Focus stays in the repeat field: the next component's Remove button, else its "Add field".
    const left = siblings.length - 1;
    focusAfter.current =
      left > 0
        ? `#card-${CSS.escape(parent.id)} .bl-component:nth-child(${Math.min(index, left - 1) + 1}) .bl-remove-component`
        : `#card-${CSS.escape(parent.id)} .bl-add-component`;
  };

  /** A field or a repeat field's component: with submissions, "Delete field" first says how many hold an answer for it. */
  const askRemove = async (element: FormElement, parent: FormElement | null = null) => {
    if (state.submissionsCount === 0) return parent ? removeComponentNow(parent, element) : removeNow(element);
    setRemoving({ element, parent, answers: null, submissions: state.submissionsCount });
    const target = parent ? { elementId: parent.id, componentId: element.id } : { elementId: element.id };
    try {
      const counted = await queryClient.fetchQuery(
        trpc.forms.countElementAnswers.queryOptions({ form: initial.uuid, ...target }, { staleTime: 0 }),
      );
      setRemoving((r) => (r && r.element.id === element.id ? { ...r, ...counted } : r));
    } catch {
      // The total is still a fair warning.
    }
  };

  const doPublish = async () => {
    setNotice(null);
    if (!(await autosave.flush())) return;
    const sent = elements;
    try {
      const result = await publish.mutateAsync({ form: initial.uuid, revision: autosave.revisionRef.current });
      if (result.ok) {
        autosave.reset(result.draft.revision, elements);
        setState((s) => ({ ...s, published: true, hasDraft: false, savedElementCount: result.draft.savedElementCount }));
        setProblems(null);
        setNotice(state.published ? "Changes published. Respondents see them now." : "Published. The form takes answers now.");
      } else {
        // Listed by element, in form order (the rules report structure first, then labels).
        const byIndex = (p: ElementProblem) => (p.path[0] === "elements" && typeof p.path[1] === "number" ? p.path[1] : -1);
        const sorted = [...result.problems].sort((a, b) => byIndex(a) - byIndex(b));
        setProblems(sorted.map((problem) => ({ problem, elementId: sent[byIndex(problem)]?.id ?? null })));
        setTimeout(() => summaryRef.current?.focus(), 0);
      }
    } catch (error) {
      setNotice(errorMessage(error));
    }
  };

  const doUnpublish = async () => {
    setNotice(null);
    try {
      await unpublish.mutateAsync({ form: initial.uuid });
      setState((s) => ({ ...s, published: false }));
      setNotice("Unpublished. The survey page no longer takes answers.");
    } catch (error) {
      setNotice(errorMessage(error));
    }
  };

  const doDiscard = async () => {
    if (!(await autosave.flush())) return;
    try {
      const draft = await discard.mutateAsync({ form: initial.uuid, revision: autosave.revisionRef.current });
      autosave.reset(draft.revision, draft.elements);
      setElements(draft.elements);
      setSettings(draft.settings);
      setState((s) => ({ ...s, hasDraft: false }));
      setProblems(null);
      setDiscarding(false);
      setNotice(`Changes discarded. ${discardedTo.notice}`);
    } catch (error) {
      setNotice(errorMessage(error));
      setDiscarding(false);
    }
  };

  const byElement = useMemo(() => {
    const map = new Map<string, CardProblems>();
    for (const { elementId, problem } of problems ?? []) {
      if (!elementId) continue;
      const list = map.get(elementId)?.items ?? [];
      map.set(elementId, cardProblems([...list, { rest: problem.path.slice(2), reason: problem.reason }]));
    }
    return map;
  }, [problems]);

  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const positionOf = (id: unknown) => elements.findIndex((e) => e.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up question ${positionOf(active.id)}. Use the arrow keys to move it, space to drop, escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `Question ${positionOf(active.id)} is over position ${positionOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `Question ${positionOf(active.id)} dropped at position ${positionOf(over.id)}.` : undefined),
    onDragCancel: ({ active }) => `Moving question ${positionOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = elements.findIndex((e) => e.id === active.id);
    const to = elements.findIndex((e) => e.id === over.id);
    if (from >= 0 && to >= 0) moveTo(from, to, "handle");
  };

  // What Discard goes back to: the published form, the form as it was saved outside the draft
  // (last published, imported or copied), or, for a form created blank, an empty form.
  const discardedTo = state.published
    ? { dialog: "The builder goes back to the published form.", notice: "The builder shows the published form again." }
    : state.savedElementCount > 0
      ? {
          dialog:
            "The builder goes back to the form as it was before these changes " +
            `(${state.savedElementCount} field${state.savedElementCount === 1 ? "" : "s"}).`,
          notice: "The builder shows the form as it was before them.",
        }
      : { dialog: "The builder goes back to an empty form: every field is removed.", notice: "The form is empty again." };

  const status = autosave.status;
  // "Draft": the word every form list uses for a form not published (StatusBadge).
  const live = state.published ? (state.hasDraft ? "Unpublished changes" : "Published") : "Draft";
  const problemCount = problems?.length ?? 0;
  // The publish problems of one settings path (endings, the publishing settings), joined.
  const problemAt = (path: (string | number)[]) =>
    problems
      ?.filter(({ problem }) => path.every((k, i) => problem.path[i] === k) && problem.path.length === path.length)
      .map(({ problem }) => problem.reason)
      .join(" · ") || undefined;

  return (
    <div className={`bl${showPreview ? " bl-show-preview" : ""}`}>
      <header className="bl-header">
        <div className="bl-title">
          <Link href="/forms" className="bl-back">
            ← Forms
          </Link>
          <h1>{initial.name}</h1>
          <div className="bl-state">
            <span
              className={`badge ${state.published ? (state.hasDraft ? "badge-info" : "badge-success") : "badge-neutral"}`}
              data-testid="publish-state"
            >
              {live}
            </span>
            <span className={`bl-save bl-save-${status}`} role="status" data-testid="save-status">
              {STATUS_TEXT[status]}
            </span>
            {status === "error" ? (
              <button type="button" className="button button-small" onClick={() => void autosave.retry()}>
                Retry saving
              </button>
            ) : null}
          </div>
        </div>
        <div className="bl-toolbar">
          <button type="button" className="button bl-preview-toggle" aria-pressed={showPreview} onClick={() => setShowPreview((v) => !v)}>
            {showPreview ? "Back to editing" : "Preview"}
          </button>
          {state.hasDraft ? (
            <button type="button" className="button" onClick={() => setDiscarding(true)}>
              Discard changes
            </button>
          ) : null}
          {state.published ? (
            <button type="button" className="button" onClick={() => void doUnpublish()} disabled={unpublish.isPending}>
              Unpublish
            </button>
          ) : null}
          {!state.published || state.hasDraft ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => void doPublish()}
              disabled={publish.isPending || status === "conflict"}
            >
              {state.published ? "Publish changes" : "Publish"}
            </button>
          ) : null}
        </div>
      </header>

      {status === "conflict" ? (
        <div className="alert alert-error bl-conflict" role="alert">
          This form was changed in another tab or by someone else since you opened it, so your latest change was not saved.{" "}
          <button
            type="button"
            className="button button-small"
            onClick={() => void queryClient.invalidateQueries({ queryKey: trpc.forms.getDraft.queryKey({ form: initial.uuid }) })}
          >
            Reload the latest version
          </button>
        </div>
      ) : null}
      {notice ? (
        <div className="notice" role="status">
          <div className="notice-body">{notice}</div>
          {state.published ? (
            <a href={`/f/${initial.uuid}`} target="_blank" rel="noreferrer">
              Open the survey page
            </a>
          ) : null}
        </div>
      ) : null}
      {problems && problemCount > 0 ? (
        <div className="bl-summary" role="alert" tabIndex={-1} ref={summaryRef} aria-labelledby="bl-summary-title">
          <h2 id="bl-summary-title">
            {problemCount === 1 ? "1 thing to fix before publishing" : `${problemCount} things to fix before publishing`}
          </h2>
          <ul>
            {problems.map(({ problem, elementId }) => {
              const index = elements.findIndex((e) => e.id === elementId);
              const where = index >= 0 ? `Question ${index + 1}` : "The form";
              return (
                <li key={problem.message}>
                  {elementId ? (
                    <a
                      href={`#card-${elementId}`}
                      onClick={(e) => {
                        e.preventDefault();
                        const card = document.getElementById(`card-${elementId}`);
                        card?.scrollIntoView({ block: "start" });
                        card?.querySelector<HTMLElement>("[aria-invalid=true], input, select, textarea")?.focus();
                      }}
                    >
                      {summaryText(problem, where)}
                    </a>
                  ) : (
                    summaryText(problem, where)
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      <div className="bl-body">
        <div className="bl-editor">
          <section id="bl-palette" className="bl-palette" aria-labelledby="bl-palette-title">
            <h2 id="bl-palette-title">Add a field</h2>
            <ul>
              {[...ELEMENT_TYPES, PAGE_BREAK].map((type) => (
                <li key={type}>
                  <button type="button" className="button button-small" onClick={() => add(type)}>
                    {TYPE_LABELS[type]}
                  </button>
                </li>
              ))}
            </ul>
          </section>

          {elements.length === 0 ? (
            <p className="bl-empty">This form has no fields yet. Add one from the list above.</p>
          ) : (
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{
                announcements,
                screenReaderInstructions: {
                  draggable:
                    "To reorder with the keyboard, press space to pick up the question, " +
                    "the arrow keys to move it, space to drop it or escape to cancel.",
                },
              }}
            >
              <SortableContext items={elements.map((e) => e.id)} strategy={verticalListSortingStrategy}>
                <ol className="bl-cards" aria-label="Fields of the form">
                  {elements.map((element, index) => (
                    <ElementCard
                      key={element.id}
                      element={element}
                      index={index}
                      count={elements.length}
                      problems={byElement.get(element.id) ?? NO_PROBLEMS}
                      before={elements.slice(0, index)}
                      renamable={state.submissionsCount === 0}
                      taken={(id) => elements.some((e) => e.id === id || e.components?.some((c) => c.id === id))}
                      onRenameId={(to) => renameId(element.id, to)}
                      onChange={(next) => edit((list) => list.map((e) => (e.id === element.id ? next : e)))}
                      onMove={(to) => moveTo(index, to, "button")}
                      onDuplicate={() => {
                        const copy = duplicateElement(element);
                        edit((list) => [...list.slice(0, index + 1), copy, ...list.slice(index + 1)]);
                        setAnnouncement(`Question ${index + 1} duplicated as question ${index + 2}.`);
                        focusAfter.current = `#el-${CSS.escape(copy.id)}-label`;
                      }}
                      onRemove={() => void askRemove(element)}
                      onRemoveComponent={(component) => void askRemove(component, element)}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
          )}
          <SettingsEditor settings={settings} elements={elements} onChange={editSettings} problemAt={problemAt} />
          <PublishingEditor settings={settings} elements={elements} onChange={editSettings} problemAt={problemAt} />
        </div>
        <aside className="bl-preview" aria-labelledby="bl-preview-title">
          <h2 id="bl-preview-title" className="bl-preview-title">
            Preview
          </h2>
          <BuilderPreview name={initial.name} description={settings.description} elements={elements} countries={countries} />
        </aside>
      </div>

      <p className="visually-hidden" aria-live="polite" data-testid="builder-announcement">
        {announcement}
      </p>

      <ConfirmDialog
        open={removing !== null}
        title="Delete this field?"
        confirmLabel="Delete field"
        pendingLabel="Deleting…"
        pending={false}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) {
            if (removing.parent) removeComponentNow(removing.parent, removing.element);
            else removeNow(removing.element);
          }
          setRemoving(null);
        }}
      >
        {removing ? (
          <p>
            {removing.answers === null
              ? `This form has ${removing.submissions} submission${removing.submissions === 1 ? "" : "s"}.`
              : `${removing.answers} of ${removing.submissions} submission${removing.submissions === 1 ? "" : "s"} ` +
                `hold an answer to “${removing.element.label || "this field"}”` +
                `${removing.parent ? ` in “${removing.parent.label || "this repeat field"}”` : ""}.`}{" "}
            The stored answers stay in the submissions; the field leaves the form when you publish.
          </p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={discarding}
        title="Discard unpublished changes?"
        confirmLabel="Discard changes"
        pendingLabel="Discarding…"
        pending={discard.isPending}
        onCancel={() => setDiscarding(false)}
        onConfirm={() => void doDiscard()}
      >
        <p>{discardedTo.dialog} Changes you have not published are lost.</p>
      </ConfirmDialog>
    </div>
  );
}
