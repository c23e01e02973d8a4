"use client";

import { useState } from "react";
import { FormScopedPage } from "../_components/form-scoped-page";
import { Notice } from "../_components/notice";
import { SearchBox } from "../_components/search-box";
import { SurveyUrl } from "../_components/survey-url";
import { useCreatePanel } from "../_components/use-create-panel";
import type { FormOption } from "../_components/use-form-scope";
import { useListParams } from "../_components/use-url-state";
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
  const list = useListParams();
  const linksParam = list.params.get("links") === "1";
  // The URL reaches useSearchParams in a transition; until then the box shows the click at once.
  const [withLinks, setWithLinks] = useState(linksParam);
  const [seenParam, setSeenParam] = useState(linksParam);
  if (seenParam !== linksParam) {
    setSeenParam(linksParam);
    setWithLinks(linksParam);
  }
  const create = useCreatePanel();

  return (
    <>
      <div className="toolbar">
        <SearchBox value={list.search} onSearch={list.setSearch} label="Search by name" placeholder="Search prefills…" />
        <label className="toggle">
          <input
            type="checkbox"
            checked={withLinks}
            onChange={(e) => {
              setWithLinks(e.target.checked);
              list.setParams({ links: e.target.checked ? 1 : null, page: null });
            }}
          />
          Show unique-link prefills
        </label>
        <div className="toolbar-actions">
          {!create.open && (
            <button type="button" className="button button-primary" onClick={create.start}>
              New prefill
            </button>
          )}
        </div>
      </div>
      {create.open && (
        <CreatePrefillPanel
          form={form}
          onClose={create.close}
          onCreated={(prefill) => {
            create.created(
              <div className="notice-created">
                <span>Prefill “{prefill.name}” created. Its link opens the form with the values filled in:</span>
                <SurveyUrl url={prefill.url} what={`link for ${prefill.name}`} />
              </div>,
            );
            // Newest first: the new prefill is at the top of the unfiltered list.
            list.reset();
          }}
        />
      )}
      {create.notice && <Notice onDismiss={() => create.setNotice(null)}>{create.notice}</Notice>}
      <PrefillsTable
        form={form}
        page={list.page}
        search={list.search}
        withLinks={withLinks}
        onPage={list.setPage}
        onClearSearch={list.reset}
        onCreate={create.open ? undefined : create.start}
        onNotice={create.setNotice}
      />
    </>
  );
}
