"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A search field that reports its text a moment after typing stops (one list request per
 * pause, not per key). Follows `value` when it changes from outside (Back button, clear).
 */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
}: {
  value: string;
  onSearch: (text: string) => void;
  label: string;
  placeholder: string;
}) {
  const [text, setText] = useState(value);
  const reported = useRef(value);
  const onSearchRef = useRef(onSearch);
  // The latest callback, without restarting the debounce when the parent re-renders.
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = trimmed;
      onSearchRef.current(trimmed);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="search-box">
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={255}
        autoComplete="off"
      />
    </div>
  );
}
