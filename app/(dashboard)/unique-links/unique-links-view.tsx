"use client";

import { useState } from "react";
import { FormScopedPage } from "../_components/form-scoped-page";
import { countOf } from "../_components/format";
import { Notice } from "../_components/notice";
import { SearchBox } from "../_components/search-box";
import type { FormOption } from "../_components/use-form-scope";
import { pageParam, useUrlState } from "../_components/use-url-state";
import { CreateLinksPanel } from "./create-links-panel";
import { UniqueLinksTable } from "./unique-links-table";

export function UniqueLinksView() {
  return (
    <FormScopedPage
      title="Unique links"
      description="Personal survey links, one per recipient: follow each one's status, switch it off or let it expire."
      items="Unique links"
    >
      {(form) => <FormUniqueLinks key={form.uuid} form={form} />}
    </FormScopedPage>
  );
}

/** One form's links: search and create above, the table below. State lives in the URL. */
function FormUniqueLinks({ form }: { form: FormOption }) {
  const { params, setParams } = useUrlState();
  const page = pageParam(params.get("page"));
  const search = params.get("q")?.trim() ?? "";
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const startCreating = () => {
    setCreating(true);
    setNotice(null);
  };

  return (
    <>
      <div className="toolbar">
        <SearchBox
          value={search}
          onSearch={(q) => setParams({ q, page: null }, "replace")}
          label="Search by entry name"
          placeholder="Search entry names…"
        />
        <div className="toolbar-actions">
          {!creating && (
            <button type="button" className="button button-primary" onClick={startCreating}>
              New links
            </button>
          )}
        </div>
      </div>
      {creating && (
        <CreateLinksPanel
          form={form}
          onClose={() => setCreating(false)}
          onCreated={(n) => {
            setCreating(false);
            setNotice(`Created ${countOf(n, "unique link", "unique links")}.`);
            // Newest first: the new links are at the top of the unfiltered list.
            setParams({ q: null, page: null });
          }}
        />
      )}
      {notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}
      <UniqueLinksTable
        form={form}
        page={page}
        search={search}
        onPage={(p) => setParams({ page: p === 1 ? null : p })}
        onClearSearch={() => setParams({ q: null, page: null })}
        onCreate={creating ? undefined : startCreating}
        onNotice={setNotice}
      />
    </>
  );
}
