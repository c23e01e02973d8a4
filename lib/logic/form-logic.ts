import type { FormElement, FormEnding, FormSettings } from "@/db/schema";
import { FieldResolver } from "@/lib/filters/fields";
import { answerElements, isLayoutType } from "@/lib/forms/element-types";
import { compileCondition, type AnswersTest, type LogicProblem } from "./conditions";

/**
 * The one evaluator of a form's logic, on the server (authoritative: what is required, what is
 * stored, which ending) and in the survey page (what is shown as the respondent types). Given
 * answers as stored (canonical, keyed by element id) it says which elements and pages are
 * shown, in document order: an element is shown when its page is and its `showIf` holds; a
 * page when its break's `showIf` holds. A rule only reads fields before it, and only their
 * answers while shown, so an answer behind a hidden field never decides anything.
 */

/** One page: the answer elements from one break up to the next (the first page has no break). */
export type FormPage = { index: number; breakId: string | null; title: string; elements: FormElement[] };

/** Called for each answer element in document order with whether it is shown. */
export type LogicVisit = (element: FormElement, shown: boolean, page: number) => void;

export type FormLogic = {
  pages: FormPage[];
  /** Whether anything is conditional: a page break, a `showIf` or an ending. False: the form behaves as one plain page. */
  hasLogic: boolean;
  endings: FormEnding[];
  /** Problems of the conditions, each at its path (publish and import refuse a form with any). */
  problems: LogicProblem[];
  /**
   * Walks the answer elements; `seen` is what rules read, so the caller adds each shown
   * element's answer to it in `visit` before the walk moves on (the validator adds the checked value).
   */
  walk(seen: Record<string, unknown>, visit: LogicVisit): void;
  /** Which pages are shown for these answers (indexes into `pages`). */
  shownPages(answers: Record<string, unknown>): number[];
  /** The answers without those of hidden elements. */
  shownAnswers(answers: Record<string, unknown>): Record<string, unknown>;
  /** The first ending whose condition holds (or that has none); null when the form has no endings. */
  ending(answers: Record<string, unknown>): FormEnding | null;
};

type Step = { kind: "page"; page: number; test: AnswersTest } | { kind: "element"; element: FormElement; page: number; test: AnswersTest };

export function compileFormLogic(elements: readonly FormElement[], settings: FormSettings = {}): FormLogic {
  const anywhere = new FieldResolver(answerElements(elements));
  const problems: LogicProblem[] = [];
  const pages: FormPage[] = [{ index: 0, breakId: null, title: "", elements: [] }];
  const steps: Step[] = [];
  let hasLogic = false;

  elements.forEach((element, i) => {
    const path = ["elements", i, "showIf"];
    if (element.showIf !== undefined) hasLogic = true;
    const before = () => new FieldResolver(answerElements(elements.slice(0, i)));
    const { test, problems: found } =
      element.showIf === undefined
        ? { test: () => true, problems: [] }
        : compileCondition(element.showIf, { before: before(), anywhere }, path);
    problems.push(...found);
    if (isLayoutType(element.type)) {
      hasLogic = true;
      const page = pages.length;
      pages.push({ index: page, breakId: element.id, title: element.label, elements: [] });
      steps.push({ kind: "page", page, test });
    } else {
      pages.at(-1)!.elements.push(element);
      steps.push({ kind: "element", element, page: pages.length - 1, test });
    }
  });

  const endings = settings.endings ?? [];
  if (endings.length) hasLogic = true;
  const endingTests = endings.map((ending, i) => {
    const compiled = compileCondition(ending.showIf, { before: anywhere, anywhere }, ["endings", i, "showIf"]);
    problems.push(...compiled.problems);
    return compiled.test;
  });

  function walk(seen: Record<string, unknown>, visit: LogicVisit) {
    let pageShown = true;
    for (const step of steps) {
      if (step.kind === "page") pageShown = step.test(seen);
      else visit(step.element, pageShown && step.test(seen), step.page);
    }
  }

  function shownAnswers(answers: Record<string, unknown>) {
    const seen: Record<string, unknown> = {};
    walk(seen, (element, shown) => {
      if (shown && Object.hasOwn(answers, element.id)) defineKey(seen, element.id, answers[element.id]);
    });
    return seen;
  }

  return {
    pages,
    hasLogic,
    endings,
    problems,
    walk,
    shownAnswers,
    shownPages(answers) {
      const seen = shownAnswers(answers);
      const shown = [0];
      for (const step of steps) if (step.kind === "page" && step.test(seen)) shown.push(step.page);
      return shown;
    },
    ending(answers) {
      const at = endingTests.findIndex((test) => test(answers));
      return at < 0 ? null : endings[at]!;
    },
  };
}

/** Assigns even a key such as `__proto__` as an own property. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
