"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { FORMS_PATH } from "@/lib/app-paths";
import { FormPicker } from "./form-picker";
import { EmptyState, ErrorState, FormIcon, TableSkeleton } from "./list-states";
import { PageHeader } from "./page-header";
import { useFormScope, type FormOption } from "./use-form-scope";

/** What the table of one form's items gets from its page: which page and search to show, and the way back. */
export type FormItemsTableProps = {
  form: FormOption;
  page: number;
  search: string;
  onPage: (page: number) => void;
  onClearSearch: () => void;
  /** Opens the create panel; absent while it is open. */
  onCreate?: () => void;
  onNotice: (text: string | null) => void;
};

/**
 * A page about one form's items (prefills, unique links): the header holds the form picker;
 * the body renders once a form of the organization is chosen. Loading, no forms, and a URL
 * naming a form the organization does not have are handled here once.
 */
export function FormScopedPage({
  title,
  description,
  items,
  noForms,
  children,
}: {
  title: string;
  description: ReactNode;
  /** What the page lists, for the messages: "Prefills". */
  items: string;
  /** What to do when the organization has no form yet (default: the import command). */
  noForms?: ReactNode;
  children: (form: FormOption) => ReactNode;
}) {
  const scope = useFormScope();
  const { query, forms, selected } = scope;
  const picker = forms?.length ? <FormPicker forms={forms} value={selected?.uuid ?? null} onChange={scope.select} /> : undefined;

  let body: ReactNode;
  if (query.isPending || scope.choosing) body = <TableSkeleton label="Loading your forms…" />;
  else if (query.isError)
    body = <ErrorState title="Could not load your forms" error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  else if (!forms?.length)
    body = (
      <EmptyState
        icon={<FormIcon />}
        title="No forms yet"
        action={
          <Link href={FORMS_PATH} className="button button-primary">
            Create your first form
          </Link>
        }
      >
        {noForms ?? <>{items} belong to a form, and your organization has none yet. Create one on the Forms page.</>}
      </EmptyState>
    );
  else if (!selected)
    body = (
      <EmptyState title="Form not found">
        The link names a form that does not exist or belongs to another organization. Choose one of your forms above.
      </EmptyState>
    );
  else body = children(selected);

  return (
    <>
      <PageHeader title={title} description={description} actions={picker} />
      {body}
    </>
  );
}
