"use client";

import { FormScopedPage } from "../_components/form-scoped-page";
import { countOf } from "../_components/format";
import { Notice } from "../_components/notice";
import { SearchBox } from "../_components/search-box";
import { useCreatePanel } from "../_components/use-create-panel";
import type { FormOption } from "../_components/use-form-scope";
import { useListParams } from "../_components/use-url-state";
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
  const list = useListParams();
  const create = useCreatePanel();

  return (
    <>
      <div className="toolbar">
        <SearchBox value={list.search} onSearch={list.setSearch} label="Search by entry name" placeholder="Search entry names…" />
        <div className="toolbar-actions">
          {!create.open && (
            <button type="button" className="button button-primary" onClick={create.start}>
              New links
            </button>
          )}
        </div>
      </div>
      {create.open && (
        <CreateLinksPanel
          form={form}
          onClose={create.close}
          onCreated={(n) => {
            create.created(`Created ${countOf(n, "unique link", "unique links")}.`);
            // Newest first: the new links are at the top of the unfiltered list.
            list.reset();
          }}
        />
      )}
      {create.notice && <Notice onDismiss={() => create.setNotice(null)}>{create.notice}</Notice>}
      <UniqueLinksTable
        form={form}
        page={list.page}
        search={list.search}
        onPage={list.setPage}
        onClearSearch={list.reset}
        onCreate={create.open ? undefined : create.start}
        onNotice={create.setNotice}
      />
    </>
  );
}
