"use client";

import { useState } from "react";
import { FormScopedPage } from "../_components/form-scoped-page";
import { countOf } from "../_components/format";
import { Notice } from "../_components/notice";
import { SearchBox } from "../_components/search-box";
import { useCreatePanel } from "../_components/use-create-panel";
import type { FormOption } from "../_components/use-form-scope";
import { useListParams } from "../_components/use-url-state";
import { CreateLinksPanel } from "./create-links-panel";
import { CsvUploadPanel } from "./csv-upload-panel";
import { isLinkState, LINK_STATE_LABELS, type LinkState } from "./link-state";
import { UniqueLinksTable } from "./unique-links-table";
import "./unique-links.css";

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

/** One form's links: search, state filter and create above, the table below. State lives in the URL. */
function FormUniqueLinks({ form }: { form: FormOption }) {
  const list = useListParams();
  const create = useCreatePanel();
  const [panel, setPanel] = useState<"names" | "csv">("names");
  const raw = list.params.get("state");
  const state: LinkState | null = isLinkState(raw) ? raw : null;
  const open = (which: "names" | "csv") => {
    setPanel(which);
    create.start();
  };

  return (
    <>
      <div className="toolbar">
        <SearchBox value={list.search} onSearch={list.setSearch} label="Search by entry name" placeholder="Search entry names…" />
        <div className="state-filter">
          <label htmlFor="state-filter">Show</label>
          <select
            id="state-filter"
            className="select"
            value={state ?? ""}
            onChange={(e) => list.setParams({ state: e.target.value, page: null })}
          >
            <option value="">All links</option>
            {(Object.keys(LINK_STATE_LABELS) as LinkState[]).map((s) => (
              <option key={s} value={s}>
                {LINK_STATE_LABELS[s].label}
              </option>
            ))}
          </select>
        </div>
        <div className="toolbar-actions">
          {!create.open && (
            <>
              <button type="button" className="button" onClick={() => open("csv")}>
                Upload CSV
              </button>
              <button type="button" className="button button-primary" onClick={() => open("names")}>
                New links
              </button>
            </>
          )}
        </div>
      </div>
      {create.open && panel === "names" && (
        <CreateLinksPanel
          form={form}
          onClose={create.close}
          onCreated={(n) => {
            create.created(`Created ${countOf(n, "unique link", "unique links")}.`);
            // Newest first: the new links are at the top of the unfiltered list.
            list.setParams({ q: null, page: null, state: null });
          }}
        />
      )}
      {create.open && panel === "csv" && (
        <CsvUploadPanel form={form} onClose={create.close} onDone={() => list.setParams({ q: null, page: null, state: null })} />
      )}
      {create.notice && <Notice onDismiss={() => create.setNotice(null)}>{create.notice}</Notice>}
      <UniqueLinksTable
        form={form}
        page={list.page}
        search={list.search}
        state={state}
        onPage={list.setPage}
        onClearSearch={list.reset}
        onClearState={() => list.setParams({ state: null, page: null })}
        onCreate={create.open ? undefined : () => open("names")}
        onNotice={create.setNotice}
      />
    </>
  );
}
