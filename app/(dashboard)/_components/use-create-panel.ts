"use client";

import { useState, type ReactNode } from "react";

/**
 * A list page's create panel and the notice under it. Opening the panel drops the last
 * notice; `created` closes the panel and says what was made.
 */
export function useCreatePanel() {
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<ReactNode>(null);
  return {
    open,
    notice,
    setNotice,
    start: () => {
      setOpen(true);
      setNotice(null);
    },
    close: () => setOpen(false),
    created: (what: ReactNode) => {
      setOpen(false);
      setNotice(what);
    },
  };
}
