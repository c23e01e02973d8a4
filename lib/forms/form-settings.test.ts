import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseFormDefinition, publishProblems } from "./definition";
import { closedPageMessage, closedSubmitMessage, compactPublishing, publicPublishing, scheduleState } from "./form-settings";

const elements = [
  { id: "email", label: "Email", type: "email" },
  { id: "name", label: "Name", type: "short-text" },
];
const file = (settings: unknown) => ({ name: "Spring", elements, settings });
const problem = (settings: unknown) => {
  try {
    parseFormDefinition(file(settings));
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe("form settings in a form file", () => {
  test("a form without settings stores none; every key is kept as given", () => {
    assert.equal(parseFormDefinition({ name: "x", elements }).settings, undefined);
    const settings = {
      opensAt: "2026-12-01T09:00:00Z",
      closesAt: "2026-12-31T17:00:00+01:00",
      maxResponses: 500,
      closedMessage: "See you next year",
      onePerPerson: "email",
      onePerPersonField: "email",
      captcha: "altcha",
      embedOrigins: ["https://example.com", "http://localhost:3000"],
      slug: "spring-survey",
    };
    assert.deepEqual(parseFormDefinition(file(settings)).settings, { publishing: settings });
  });

  test("'none' and empty values are not stored", () => {
    assert.deepEqual(parseFormDefinition(file({ onePerPerson: "none", captcha: "none", embedOrigins: [] })).settings, undefined);
    assert.deepEqual(compactPublishing({ onePerPerson: "browser", onePerPersonField: "email", closedMessage: " " }), {
      onePerPerson: "browser",
    });
  });

  test("each problem names its path", () => {
    assert.equal(
      problem({ opensAt: "tomorrow" }),
      "settings.opensAt must be an ISO 8601 date-time with a time zone, e.g. 2024-05-01T09:30:00Z",
    );
    assert.equal(problem({ opensAt: "2026-12-02T00:00:00Z", closesAt: "2026-12-01T00:00:00Z" }), "settings.closesAt must be after opensAt");
    assert.equal(problem({ maxResponses: 0 }), "settings.maxResponses must be at least 1");
    assert.equal(problem({ maxResponses: 2.5 }), "settings.maxResponses must be a whole number");
    assert.equal(problem({ onePerPerson: "ip" }), "settings.onePerPerson must be one of 'none', 'browser', 'email'");
    assert.equal(problem({ onePerPerson: "email" }), "settings.onePerPersonField is required when onePerPerson is 'email'");
    assert.equal(
      problem({ onePerPerson: "email", onePerPersonField: "name" }),
      "settings.onePerPersonField must name an email field of the form ('name' is short-text)",
    );
    assert.equal(
      problem({ onePerPerson: "email", onePerPersonField: "nope" }),
      "settings.onePerPersonField must name an email field of the form",
    );
    assert.equal(problem({ captcha: "recaptcha" }), "settings.captcha must be one of 'none', 'altcha', 'turnstile', 'hcaptcha'");
    assert.equal(problem({ captcha: "turnstile" }), "settings.captchaSiteKey is required when captcha is 'turnstile'");
    assert.equal(problem({ captcha: "hcaptcha", captchaSiteKey: "k" }), "settings.captchaSecret is required when captcha is 'hcaptcha'");
    assert.equal(
      problem({ embedOrigins: ["https://example.com/page"] }),
      "settings.embedOrigins[0] must be an origin such as https://example.com (a scheme and a host, no path or trailing slash)",
    );
    assert.equal(
      problem({ slug: "Spring Survey" }),
      "settings.slug may hold only lower-case letters, digits and single hyphens between them, like spring-survey",
    );
    assert.equal(
      problem({ slug: "a--b" }),
      "settings.slug may hold only lower-case letters, digits and single hyphens between them, like spring-survey",
    );
    assert.equal(problem({ slug: "api" }), "settings.slug 'api' is reserved; choose another");
    assert.equal(problem({ slg: "x" }), "settings has unknown property 'slg'");
    assert.equal(problem("soon"), "settings must be an object");
  });

  test("publishing names the same problems at their paths, for the builder", () => {
    const problems = publishProblems(elements, { publishing: { onePerPerson: "email", onePerPersonField: "name", slug: "api" } });
    assert.deepEqual(
      problems.map((p) => [p.path, p.reason]),
      [
        [["settings", "slug"], "'api' is reserved; choose another"],
        [["settings", "onePerPersonField"], "must name an email field of the form ('name' is short-text)"],
      ],
    );
    assert.deepEqual(publishProblems(elements, { publishing: { maxResponses: 10 } }), []);
  });
});

describe("the schedule and its sentences", () => {
  const s = { opensAt: "2026-12-01T09:00:00Z", closesAt: "2026-12-31T17:00:00Z" };
  test("not open, open, closed", () => {
    assert.equal(scheduleState(s, new Date("2026-11-30T00:00:00Z")), "not-open");
    assert.equal(scheduleState(s, new Date("2026-12-01T09:00:00Z")), null);
    assert.equal(scheduleState(s, new Date("2026-12-31T17:00:00Z")), "closed");
    assert.equal(scheduleState(undefined, new Date()), null);
  });
  test("default messages say when; the owner's message replaces them on the page", () => {
    assert.equal(closedPageMessage(s, "not-open"), "It opens on 1 December 2026 at 09:00 UTC. Come back then to answer.");
    assert.equal(closedPageMessage(s, "closed"), "It stopped taking answers on 31 December 2026 at 17:00 UTC.");
    assert.equal(closedPageMessage({ ...s, closedMessage: "Bye" }, "full"), "Bye");
    assert.equal(closedSubmitMessage(s, "not-open"), "This form is not open yet: it opens on 1 December 2026 at 09:00 UTC");
    assert.equal(closedSubmitMessage(s, "closed"), "This form is closed");
  });
  test("the CAPTCHA secret is never answered", () => {
    assert.deepEqual(publicPublishing({ captcha: "turnstile", captchaSiteKey: "site", captchaSecret: "secret" }), {
      captcha: "turnstile",
      captchaSiteKey: "site",
    });
  });
});
