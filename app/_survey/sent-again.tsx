"use client";

import { useEffect, useSyncExternalStore } from "react";
import { SENT_KEY_PREFIX, SENT_NOTICE_KEY_PREFIX, surveyBaseOf as baseOf } from "./sent-keys";

/**
 * Back after a sent form must not show the answers ready to be sent again. The thank-you
 * page marks its form as sent for this tab (sessionStorage); a survey page reached again by
 * history (Back, Forward, or restored from the back/forward cache) that finds the mark loads
 * itself afresh with `location.replace`: a new, empty form (or a unique link's "already
 * answered") instead of the browser's restored copy, with a note saying why. The server
 * stands behind it: the same form post sent twice stores one submission (submissions.post_key).
 */

const sentKey = (base: string) => `${SENT_KEY_PREFIX}${base}`;
const noticeKey = (base: string) => `${SENT_NOTICE_KEY_PREFIX}${base}`;

/** On a thank-you page: this tab sent the form (again after a client-side arrival; SentMarkNow set it as the page loaded). */
export function SentMark() {
  useEffect(() => {
    try {
      sessionStorage.setItem(sentKey(baseOf(location.pathname)), "1");
    } catch {
      // Storage switched off: Back shows the browser's copy, and the server still stores a resent post once.
    }
  }, []);
  return null;
}

/** For the survey form posting to `action`: whether to say "your answers were sent" above a fresh form. */
export function useSentAgainGuard(action: string): boolean {
  useEffect(() => {
    const base = baseOf(new URL(action, location.href).pathname);
    const reload = () => {
      if (!read(sentKey(base))) return;
      remove(sentKey(base));
      if (base.startsWith("/f/")) write(noticeKey(base));
      leaving = true;
      location.replace(location.href);
    };
    // A step or a refused post answered at …/submit: its history entry becomes the page's own address,
    // so Back or a reload there loads the page (resumed from the partial response), never a post again.
    if (location.pathname.endsWith("/submit")) history.replaceState(history.state, "", base);
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    if (navigation?.type === "back_forward") reload();
    const onShow = (event: PageTransitionEvent) => void (event.persisted && reload());
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [action]);
  return useSyncExternalStore(
    noChanges,
    () => noticeOnce(baseOf(new URL(action, location.href).pathname)),
    () => false,
  );
}

const noChanges = () => () => {};
/** The note is read once per page load (and taken out of storage), so a later visit has none. */
const notices = new Map<string, boolean>();
/** Set while this page replaces itself: the note is for the fresh page, not for this one. */
let leaving = false;
function noticeOnce(base: string): boolean {
  if (leaving) return false;
  if (!notices.has(base)) {
    notices.set(base, read(noticeKey(base)));
    remove(noticeKey(base));
  }
  return notices.get(base)!;
}

/** Above the fresh form after Back: the answers went, and this copy would be a second response. */
export function SentAgainNotice() {
  return (
    <div className="sv-sent-again" role="status">
      <p>
        <strong>Your answers were sent.</strong> This is a new, empty copy of the form: fill it in only to send another response.
      </p>
    </div>
  );
}

function read(key: string) {
  try {
    return sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}
function write(key: string) {
  try {
    sessionStorage.setItem(key, "1");
  } catch {
    // No storage: no note, the form is fresh all the same.
  }
}
function remove(key: string) {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // No storage: nothing was kept.
  }
}
