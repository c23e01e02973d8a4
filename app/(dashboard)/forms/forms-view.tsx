"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Notice } from "../_components/notice";
import { PageHeader } from "../_components/page-header";
import { FORMS_TRASH_PATH } from "./form-paths";
import { FormsTable } from "./forms-table";
import { NewFormDialog } from "./new-form-dialog";
import "./forms.css";

/** The Forms page: New form, the link to the trash, the list and what just happened to it. */
export function FormsView({ page }: { page: number }) {
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<ReactNode>(null);
  return (
    <>
      <PageHeader
        title="Forms"
        description="Every form of your organization, newest first."
        actions={
          <>
            <Link href={FORMS_TRASH_PATH} className="button">
              Trash
            </Link>
            <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
              New form
            </button>
          </>
        }
      />
      {notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}
      <FormsTable page={page} onCreate={() => setCreating(true)} onNotice={setNotice} />
      <NewFormDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
