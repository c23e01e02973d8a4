"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState, type ChangeEvent } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorAt, errorIssues, errorMessage } from "@/app/_trpc/errors";
import { MAX_BATCH } from "@/lib/values/bulk";
import { countOf } from "../_components/format";
import { usePrefillFields } from "../_components/prefill-editor/prefill-editor";
import type { FormOption } from "../_components/use-form-scope";
import { PanelForm } from "../_components/panel-form";
import {
  issueReason,
  problemAt,
  readLinksCsv,
  templateCsv,
  type CsvLink,
  type CsvProblem,
  type ReadCsv,
  type ServerIssue,
} from "./csv/csv-links";

type Progress = { done: number; stored: number; refusedBatches: number; total: number; finished: boolean };

/**
 * Links from a CSV of recipients, read in the browser and sent 100 rows a request to the same
 * bulk create as the API: a request is all or nothing, so a bad row refuses its batch (and
 * only its batch). Problems are shown by CSV line and column.
 */
export function CsvUploadPanel({ form, onClose, onDone }: { form: FormOption; onClose: () => void; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fields = usePrefillFields(form.uuid);
  const [chosen, setChosen] = useState<{ name: string; text: string } | null>(null);
  // Read once both the file and the form's fields are there, whichever comes last.
  const file = useMemo<{ name: string; read: ReadCsv } | null>(
    () => (chosen && fields.data ? { name: chosen.name, read: readLinksCsv(chosen.text, fields.data.fields) } : null),
    [chosen, fields.data],
  );
  const [progress, setProgress] = useState<Progress | null>(null);
  const [problems, setProblems] = useState<CsvProblem[]>([]);
  const create = useMutation(trpc.uniqueLinks.bulkCreate.mutationOptions());
  const running = progress !== null && !progress.finished;

  const choose = async (picked: File | undefined) => {
    setProgress(null);
    setProblems([]);
    setChosen(picked ? { name: picked.name, text: await picked.text() } : null);
  };

  const upload = async () => {
    if (!file) return;
    const { links, entryColumn, expiryColumn } = file.read;
    const found: CsvProblem[] = [];
    const state: Progress = { done: 0, stored: 0, refusedBatches: 0, total: links.length, finished: false };
    setProblems([]);
    setProgress({ ...state });
    for (let start = 0; start < links.length; start += MAX_BATCH) {
      const batch = links.slice(start, start + MAX_BATCH);
      try {
        await create.mutateAsync({
          formUuid: form.uuid,
          links: batch.map((l) => ({ entryName: l.entryName, expiresAt: l.expiresAt, prefillData: l.prefillData })),
        });
        state.stored += batch.length;
      } catch (error) {
        state.refusedBatches++;
        found.push(...problemsOf(error, batch, { entry: entryColumn, expiry: expiryColumn }));
        setProblems([...found]);
      }
      state.done += batch.length;
      setProgress({ ...state });
    }
    state.finished = true;
    setProgress({ ...state });
    await queryClient.invalidateQueries(trpc.uniqueLinks.pathFilter());
    if (state.stored) onDone();
  };

  const download = () => {
    if (!fields.data) return;
    const url = URL.createObjectURL(new Blob([templateCsv(fields.data.fields)], { type: "text/csv;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${form.name.replace(/[^\w-]+/g, "-").replace(/^-+|-+$/g, "") || "form"}-links.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const rows = file?.read.links.length ?? 0;
  // Before an upload: the file's own problems; after: what the server refused.
  const shown = progress ? problems : (file?.read.problems ?? []);
  const canUpload = Boolean(file) && rows > 0 && file!.read.problems.length === 0 && !running && !progress?.finished;
  const refused = progress?.refusedBatches ?? 0;
  const onFile = (e: ChangeEvent<HTMLInputElement>) => void choose(e.target.files?.[0]);

  return (
    <PanelForm
      titleId="csv-upload-title"
      title="Links from a CSV file"
      form={form}
      label={rows ? `Create ${countOf(rows, "link", "links")}` : "Create links"}
      pendingLabel="Creating…"
      pending={running}
      disabled={!canUpload}
      cancelLabel={progress?.finished ? "Close" : "Cancel"}
      onCancel={onClose}
      onSubmit={() => void upload()}
    >
      <div className="panel-grid">
        <div className="field">
          <label htmlFor="csv-file">CSV file</label>
          <input id="csv-file" type="file" accept=".csv,text/csv" aria-describedby="csv-file-hint" disabled={running} onChange={onFile} />
          <p className="hint" id="csv-file-hint">
            {file ? (
              <>
                <span className="hint-count">{countOf(rows, "row", "rows")}</span> in {file.name}
              </>
            ) : (
              "One row per link. The first line names the columns."
            )}
          </p>
        </div>
        <div className="field">
          <span className="field-label-text">Columns</span>
          <ul className="csv-formats">
            <li>
              <strong>entry name</strong> (required) and <strong>expiry</strong> (a date or date-time, UTC)
            </li>
            <li>one per field, named by its label or id; empty cells are not prefilled</li>
            <li>choices by label; several separated by “;”; matrix “Row=Column; …”; name and address “Part=Text; …”; JSON as in the API</li>
          </ul>
          <div className="csv-actions">
            <button type="button" className="button button-small" onClick={download} disabled={!fields.data}>
              Download template
            </button>
          </div>
        </div>
      </div>

      <div className="upload-progress" aria-live="polite">
        {progress && (
          <>
            <p className="hint">
              <span className="hint-count">
                Rows done: {progress.done.toLocaleString("en")} / {progress.total.toLocaleString("en")}
              </span>
              {" · "}
              {countOf(progress.stored, "link", "links")} stored
              {progress.refusedBatches > 0 && `, ${countOf(progress.refusedBatches, "batch", "batches")} refused`}
              {progress.finished && " · Finished."}
            </p>
            <progress max={progress.total || 1} value={progress.done} aria-label="Upload progress" />
          </>
        )}
      </div>
      {shown.length > 0 && (
        <div role="alert">
          <p className="alert alert-error">
            {progress
              ? `${countOf(refused, "batch was", "batches were")} refused and nothing of ${refused === 1 ? "it" : "them"} was stored ` +
                `(up to ${MAX_BATCH} rows a batch, all or nothing). Fix these rows and upload them again:`
              : "The file cannot be uploaded:"}
          </p>
          {/* Focusable: a long list scrolls in its box, also by keyboard. */}
          <ul className="upload-errors" tabIndex={0} aria-label="Rows to fix">
            {shown.map((p, i) => (
              <li key={i}>
                {p.line !== null && `Line ${p.line}`}
                {p.column !== null && `, column “${p.column}”`}
                {(p.line !== null || p.column !== null) && ": "}
                {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </PanelForm>
  );
}

/** A refused batch's problems, by line and column; one line for the batch when the error names no row. */
function problemsOf(error: unknown, batch: readonly CsvLink[], columns: { entry: string; expiry: string | null }): CsvProblem[] {
  const issues: ServerIssue[] = errorIssues(error).map((i) => ({ path: i.path, reason: issueReason(i) }));
  const at = errorAt(error);
  if (at?.path && at.reason) issues.push({ path: at.path, reason: at.reason });
  const mapped = issues.map((i) => problemAt(i, batch, columns)).filter((p): p is CsvProblem => p !== null);
  if (mapped.length) return mapped;
  const first = batch[0]?.line ?? null;
  const last = batch[batch.length - 1]?.line ?? null;
  return [{ line: first, column: null, message: `Lines ${first}–${last} were refused: ${errorMessage(error)}` }];
}
