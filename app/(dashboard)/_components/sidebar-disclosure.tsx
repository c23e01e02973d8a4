"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { StrokeIcon } from "./stroke-icon";
import "./shell.css";

/**
 * The sidebar's brand row and, on narrow screens, a Menu button that shows or hides the rest
 * (navigation and account) as a disclosure: `aria-expanded` on the button, Escape closes it
 * and gives focus back, and following a link closes it. On wide screens the button is hidden
 * and the panel always shows (shell.css).
 */
export function SidebarDisclosure({ brand, children }: { brand: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const [shownFor, setShownFor] = useState(pathname);
  // A new page closes the menu (state adjusted while rendering, as React recommends over an effect).
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <>
      <div className="sidebar-top">
        {brand}
        <button
          ref={button}
          type="button"
          className="button button-ghost menu-button"
          aria-expanded={open}
          aria-controls="sidebar-panel"
          onClick={() => setOpen((o) => !o)}
        >
          <StrokeIcon>{open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}</StrokeIcon>
          Menu
        </button>
      </div>
      <div id="sidebar-panel" className="sidebar-panel" data-open={open}>
        {children}
      </div>
    </>
  );
}
