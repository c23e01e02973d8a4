import "server-only";

/**
 * `/embed.js`, the script an owner puts on their site:
 *
 *   <div data-formhouse-form="<form uuid or slug>"></div>             the form inline, as tall as its content
 *   <button data-formhouse-popup="<form uuid or slug>">Answer</button>  the form in a dialog on click
 *   <script src="https://<this instance>/embed.js" async></script>
 *
 * Each frame is `/f/<form>?embed=1&parent=<the site's origin>`; the page posts its height, the page
 * shown and the ending reached (ids only) to that origin (app/_survey/embed-bridge.tsx), and this
 * script listens to messages from this instance's origin only, from its own frames only. It
 * re-dispatches them on the container as `formhouse:page` / `formhouse:submitted` DOM events.
 */
export const EMBED_SCRIPT = `(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  var base = new URL(script.src).origin;
  var frames = [];

  function frameFor(form, title) {
    var frame = document.createElement("iframe");
    frame.src = base + "/f/" + encodeURIComponent(form) + "?embed=1&parent=" + encodeURIComponent(location.origin);
    frame.title = title || "Form";
    frame.setAttribute("scrolling", "no");
    frame.style.cssText = "display:block;width:100%;border:0;overflow:hidden;height:320px;color-scheme:normal";
    frames.push(frame);
    return frame;
  }

  function inline(host) {
    if (host.getAttribute("data-formhouse-ready")) return;
    host.setAttribute("data-formhouse-ready", "1");
    host.appendChild(frameFor(host.getAttribute("data-formhouse-form"), host.getAttribute("data-formhouse-title")));
  }

  function popup(button) {
    if (button.getAttribute("data-formhouse-ready")) return;
    button.setAttribute("data-formhouse-ready", "1");
    button.addEventListener("click", function () {
      var dialog = document.createElement("dialog");
      dialog.setAttribute("aria-label", button.getAttribute("data-formhouse-title") || button.textContent || "Form");
      dialog.style.cssText = "width:min(720px,calc(100vw - 24px));max-height:calc(100vh - 24px);padding:0;border:0;" +
        "border-radius:12px;overflow:auto;box-shadow:0 12px 48px rgba(0,0,0,.3)";
      var close = document.createElement("button");
      close.type = "button";
      close.textContent = "Close";
      close.style.cssText = "position:sticky;top:0;float:right;margin:8px;padding:6px 12px;font:inherit;cursor:pointer";
      close.addEventListener("click", function () { dialog.close(); });
      dialog.addEventListener("close", function () {
        frames = frames.filter(function (f) { return !dialog.contains(f); });
        dialog.remove();
        button.focus();
      });
      dialog.appendChild(close);
      dialog.appendChild(frameFor(button.getAttribute("data-formhouse-popup"), button.getAttribute("data-formhouse-title")));
      document.body.appendChild(dialog);
      dialog.showModal();
    });
  }

  window.addEventListener("message", function (event) {
    if (event.origin !== base) return;
    var data = event.data;
    if (!data || typeof data.type !== "string" || data.type.indexOf("formhouse:") !== 0) return;
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (frame.contentWindow !== event.source) continue;
      if (data.type === "formhouse:resize" && typeof data.height === "number" && data.height > 0) {
        frame.style.height = Math.ceil(data.height) + "px";
      } else {
        var detail = { form: data.form, page: data.page, ending: data.ending };
        (frame.parentNode || document).dispatchEvent(new CustomEvent(data.type, { detail: detail, bubbles: true }));
      }
    }
  });

  function scan() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-formhouse-form]"), inline);
    Array.prototype.forEach.call(document.querySelectorAll("[data-formhouse-popup]"), popup);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
})();
`;
