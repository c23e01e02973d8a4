"use client";

import { useEffect, useState } from "react";

/** Copies with the Clipboard API, else with a hidden text field (older browsers, plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.append(field);
    field.select();
    try {
      return document.execCommand("copy");
    } finally {
      field.remove();
    }
  }
}

/** "Copy", then "Copied" for a moment. `what` completes the accessible name: "Copy link for alice". */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <button
      type="button"
      className="button button-small button-copy"
      data-state={state}
      onClick={async () => setState((await copyText(text)) ? "copied" : "failed")}
    >
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
      <span className="visually-hidden"> {what}</span>
    </button>
  );
}
