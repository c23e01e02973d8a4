"use client";

import { createElement, useEffect, useState } from "react";
import type { SurveyCaptcha } from "@/server/services/publishing/captcha";

/**
 * The form's CAPTCHA in the survey page, loaded only on forms that ask for one. ALTCHA's
 * CSP-friendly build comes from this origin (`/altcha/…`): the script is added by this
 * (nonced) bundle, so the page's `strict-dynamic` policy lets it run; its proof of work runs in
 * a worker file of this origin, not a blob. Its payload posts as `_captcha`.
 * Turnstile and hCaptcha load their vendor's script the same way and post their own field.
 */

type AltchaGlobal = { algorithms: Map<string, () => Worker> };

const SCRIPTS: Record<Exclude<NonNullable<SurveyCaptcha>["kind"], "altcha">, string> = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/api.js",
  hcaptcha: "https://js.hcaptcha.com/1/api.js",
};

function loadOnce(id: string, make: () => HTMLElement): Promise<void> {
  const existing = document.getElementById(id);
  if (existing) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const el = make();
    el.id = id;
    el.addEventListener("load", () => resolve());
    el.addEventListener("error", () => reject(new Error(`${id} did not load`)));
    document.head.append(el);
  });
}

function loadAltcha(): Promise<void> {
  const stylesheet = () => Object.assign(document.createElement("link"), { rel: "stylesheet", href: "/altcha/altcha.css" });
  const css = loadOnce("fh-altcha-css", stylesheet);
  const js = loadOnce("fh-altcha-js", () => Object.assign(document.createElement("script"), { src: "/altcha/altcha.js", async: true }));
  return Promise.all([css, js]).then(() => {
    const altcha = (globalThis as unknown as { $altcha?: AltchaGlobal }).$altcha;
    for (const algorithm of ["PBKDF2/SHA-256", "PBKDF2/SHA-384", "PBKDF2/SHA-512"])
      altcha?.algorithms.set(algorithm, () => new Worker("/altcha/pbkdf2-worker.js"));
  });
}

export function CaptchaField({ captcha }: { captcha: SurveyCaptcha | undefined }) {
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const kind = captcha?.kind;
  useEffect(() => {
    if (!kind) return;
    const load =
      kind === "altcha"
        ? loadAltcha()
        : loadOnce(`fh-${kind}-js`, () => Object.assign(document.createElement("script"), { src: SCRIPTS[kind], async: true }));
    load.then(
      () => setReady(true),
      () => setFailed(true),
    );
  }, [kind]);
  if (!captcha) return null;
  if (failed) return <p className="sv-captcha-error">The CAPTCHA check could not load. Reload the page to try again.</p>;
  if (captcha.kind === "altcha")
    return (
      <div className="sv-captcha" data-testid="captcha">
        {ready ? createElement("altcha-widget", { challenge: captcha.challengeUrl, name: "_captcha" }) : null}
      </div>
    );
  return (
    <div className="sv-captcha" data-testid="captcha">
      <div className={captcha.kind === "turnstile" ? "cf-turnstile" : "h-captcha"} data-sitekey={captcha.siteKey} />
    </div>
  );
}
