"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useRef } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { DateTime } from "../_components/date-time";
import { usePrefillFields } from "../_components/prefill-editor/prefill-editor";
import { describeValues } from "../_components/prefill-editor/describe-values";
import { SurveyUrl } from "../_components/survey-url";
import type { FormOption } from "../_components/use-form-scope";
import { LinkStatusBadge } from "./link-state";

/**
 * One link's details and prefilled values, in a modal (native <dialog>: focus stays inside,
 * Escape closes); focus goes back to the button that opened it.
 */
export function LinkDetailsDialog({ form, linkId, onClose }: { form: FormOption; linkId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const link = useQuery(trpc.uniqueLinks.get.queryOptions({ formUuid: form.uuid, id: linkId }));
  const fields = usePrefillFields(form.uuid);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    ref.current?.showModal();
    return () => opener?.focus();
  }, []);

  const values = link.data && fields.data ? describeValues(fields.data.fields, link.data.prefillData) : null;

  return (
    <dialog
      ref={ref}
      className="dialog dialog-wide"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{link.data ? link.data.entryName : "Unique link"}</h2>
      <div className="dialog-body link-details">
        {link.isPending && <p>Loading…</p>}
        {link.isError && (
          <p className="alert alert-error" role="alert">
            {errorMessage(link.error)}
          </p>
        )}
        {link.data && (
          <>
            <dl className="details-list">
              <dt>Status</dt>
              <dd>
                <LinkStatusBadge link={link.data} />
              </dd>
              {link.data.submissionId && (
                <>
                  <dt>Submission</dt>
                  <dd>
                    <Link href={`/submissions/${link.data.submissionId}`}>Open the answers {link.data.entryName} sent</Link>
                  </dd>
                </>
              )}
              <dt>Expires</dt>
              <dd>{link.data.expiresAt ? <DateTime at={link.data.expiresAt} /> : "Never"}</dd>
              <dt>Created</dt>
              <dd>
                <DateTime at={link.data.createdAt} />
              </dd>
              <dt>Survey link</dt>
              <dd>
                <SurveyUrl url={link.data.url} what={`link for ${link.data.entryName}`} />
              </dd>
            </dl>
            <h3 className="details-heading">Prefilled values</h3>
            {link.data.prefillData.length === 0 ? (
              <p>No values: the respondent starts with an empty survey.</p>
            ) : values ? (
              <dl className="details-list details-values">
                {values.map((v) => (
                  <div key={v.id} className="details-pair">
                    <dt>{v.label}</dt>
                    <dd>
                      {v.lines.map((line, i) => (
                        <div key={i}>{line}</div>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p>Loading the form&apos;s fields…</p>
            )}
          </>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </dialog>
  );
}
