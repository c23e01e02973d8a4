"use client";

import { useState, type ReactNode } from "react";
import { FormScopedPage } from "../_components/form-scoped-page";
import { Notice } from "../_components/notice";
import { SearchBox } from "../_components/search-box";
import { SurveyUrl } from "../_components/survey-url";
import type { FormOption } from "../_components/use-form-scope";
import { pageParam, useUrlState } from "../_components/use-url-state";
import { CreatePrefillPanel } from "./create-prefill-panel";
import { PrefillsTable } from "./prefills-table";

export function PrefillsView() {
  return (
    <FormScopedPage
      title="Prefills"
      description="Stored answers that open a form already filled in. Each prefill has its own survey link to share."
      items="Prefills"
    >
      {(form) => <FormPrefills key={form.uuid} form={form} />}
    </FormScopedPage>
  );
}

/** One form's prefills: search, the unique-link filter and create above, the table below. */
function FormPrefills({ form }: { form: FormOption }) {
  const { params, setParams } = useUrlState();
  const page = pageParam(params.get("page"));
  const search = params.get("q")?.trim() ?? "";
  const withLinks = params.get("links") === "1";
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<ReactNode>(null);

  const startCreating = () => {
    setCreating(true);
    setNotice(null);
  };

  return (
    <>
      <div className="toolbar">
        <SearchBox value={search} onSearch={(q) => setParams({ q, page: null }, "replace")} label="Search by name" placeholder="Search prefills…" />
        <label className="toggle">
          <input type="checkbox" checked={withLinks} onChange={(e) => setParams({ links: e.target.checked ? 1 : null, page: null })} />
          Show unique-link prefills
        </label>
        <div className="toolbar-actions">
          {!creating && (
            <button type="button" className="button button-primary" onClick={startCreating}>
              New prefill
            </button>
          )}
        </div>
      </div>
      {creating && (
        <CreatePrefillPanel
          form={form}
          onClose={() => setCreating(false)}
          onCreated={(prefill) => {
            setCreating(false);
            setNotice(
              <div className="notice-created">
                <span>
                  Prefill “{prefill.name}” created. Its link opens the form with the values filled in:
                </span>
                <SurveyUrl url={prefill.url} what={`link for ${prefill.name}`} />
              </div>,
            );
            // Newest first: the new prefill is at the top of the unfiltered list.
            setParams({ q: null, page: null });
          }}
        />
      )}
      {notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}
      <PrefillsTable
        form={form}
        page={page}
        search={search}
        withLinks={withLinks}
        onPage={(p) => setParams({ page: p === 1 ? null : p })}
        onClearSearch={() => setParams({ q: null, page: null })}
        onCreate={creating ? undefined : startCreating}
        onNotice={setNotice}
      />
    </>
  );
}
