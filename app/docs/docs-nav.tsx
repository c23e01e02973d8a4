"use client";

import { useState, type ReactNode } from "react";

/**
 * The reference's navigation. On a narrow screen its contents fold behind a Contents button
 * (a disclosure: `aria-expanded`), which following a link folds again; on a wide screen it is
 * the sticky sidebar and the button is hidden (docs.css).
 */
export function DocsNav({ brand, children }: { brand: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <nav className="docs-nav" aria-label="API reference">
      <div className="docs-nav-top">
        {brand}
        <button type="button" className="docs-toc-button" aria-expanded={open} aria-controls="docs-toc" onClick={() => setOpen((o) => !o)}>
          Contents
        </button>
      </div>
      <div
        id="docs-toc"
        className="docs-toc"
        data-open={open}
        onClick={(e) => {
          if ((e.target as HTMLElement).closest("a")) setOpen(false);
        }}
      >
        {children}
      </div>
    </nav>
  );
}
