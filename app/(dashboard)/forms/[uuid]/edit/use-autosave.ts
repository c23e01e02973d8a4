"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { TRPCClientError } from "@trpc/client";
import type { FormElement } from "@/db/schema";

export type SaveStatus = "idle" | "saving" | "saved" | "error" | "conflict";

export type SavedDraft = { revision: number; hasDraft: boolean };

const DEBOUNCE_MS = 700;

/**
 * Debounced autosave of the element tree. One save at a time: edits made while a save is on
 * its way are sent right after it, with the revision it answered. A 409 stops saving (another
 * tab won; the owner is told to reload) instead of overwriting it.
 */
export function useAutosave({
  elements,
  revision,
  save,
  onSaved,
}: {
  elements: FormElement[];
  revision: number;
  save: (elements: FormElement[], revision: number) => Promise<SavedDraft>;
  onSaved: (saved: SavedDraft) => void;
}) {
  const [status, setStatus] = useState<SaveStatus>("idle");
  const latest = useRef(elements);
  const revisionRef = useRef(revision);
  const dirty = useRef(false);
  const running = useRef<Promise<void> | null>(null);
  const stopped = useRef(false);
  // The tree the server already holds (first render, after publish or discard): not saved again.
  const baseline = useRef<FormElement[] | null>(elements);
  const saveRef = useRef(save);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    saveRef.current = save;
    onSavedRef.current = onSaved;
  });

  const flush = useCallback(async (): Promise<boolean> => {
    while (running.current) await running.current;
    // Edits made while a save was on its way go right after it.
    while (dirty.current) {
      if (stopped.current) return false;
      dirty.current = false;
      setStatus("saving");
      let ok = true;
      running.current = (async () => {
        try {
          const saved = await saveRef.current(latest.current, revisionRef.current);
          revisionRef.current = saved.revision;
          onSavedRef.current(saved);
        } catch (error) {
          ok = false;
          dirty.current = true;
          if (error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === "CONFLICT") {
            stopped.current = true;
            setStatus("conflict");
          } else setStatus("error");
        }
      })();
      await running.current;
      running.current = null;
      if (!ok) return false;
      setStatus("saved");
    }
    return !stopped.current;
  }, []);

  useEffect(() => {
    latest.current = elements;
    if (elements === baseline.current) return;
    baseline.current = null;
    dirty.current = true;
    if (stopped.current) return;
    const timer = setTimeout(() => void flush(), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [elements, flush]);

  /** Called with every edit: the status says at once that a save is coming. */
  const touch = useCallback(() => {
    if (!stopped.current) setStatus("saving");
  }, []);

  /** After publish or discard: the server's revision, with nothing left to save. */
  const reset = useCallback((next: number, tree: FormElement[]) => {
    revisionRef.current = next;
    dirty.current = false;
    baseline.current = tree;
    setStatus("idle");
  }, []);

  return { status, flush, reset, touch, revisionRef, retry: flush };
}
