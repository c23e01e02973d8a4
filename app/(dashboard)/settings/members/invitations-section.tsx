"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useId, useState } from "react";
import { TextField } from "@/app/_components/text-field";
import { AlertError } from "@/app/_components/alert-error";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { MAX_EMAIL_LENGTH } from "@/lib/account-rules";
import { FORM_RESTRICTABLE_ROLES, ROLE_LABELS, ROLES, type OrganizationRole } from "@/lib/permissions";
import type { AppRouter } from "@/server/routers/app/router";
import { CopyButton } from "../../_components/copy-button";
import { dataColumns } from "../../_components/data-table/columns";
import { actionsColumn, dateColumn } from "../../_components/data-table/common-columns";
import { DataTable } from "../../_components/data-table/data-table";
import { fieldErrors } from "../../_components/field-errors";
import { FormFailure } from "../../_components/form-failure";
import { PanelForm } from "../../_components/panel-form";
import { FormChoice } from "./form-choice";

type InvitationRow = inferRouterOutputs<AppRouter>["invitations"]["list"]["invitations"][number];
type Sent = { email: string; link: string | null };

const column = dataColumns<InvitationRow>();

/** Invitations: the Invite panel, the link to pass on when there is no mail server, and the open invitations with Resend and Revoke. */
export function InvitationsSection({ myRole, onNotice }: { myRole: OrganizationRole; onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.invitations.list.queryOptions());
  const [inviting, setInviting] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.invitations.list.pathFilter());
  const announce = (verb: string) => async (s: Sent) => {
    setRowError(null);
    setSent(s.link ? s : null);
    onNotice(s.link ? `Invitation to ${s.email} ${verb}: pass the link on yourself.` : `Invitation to ${s.email} ${verb} by mail.`);
    await refresh();
  };
  const resend = useMutation(
    trpc.invitations.resend.mutationOptions({ onSuccess: announce("sent again"), onError: (e) => setRowError(errorMessage(e)) }),
  );
  const revoke = useMutation(
    trpc.invitations.revoke.mutationOptions({
      onSuccess: async () => {
        setRowError(null);
        onNotice("Invitation withdrawn: its link no longer works.");
        await refresh();
      },
      onError: (e) => setRowError(errorMessage(e)),
    }),
  );

  const columns = [
    column.display({ id: "email", header: "Email", meta: { place: "title" }, cell: ({ row }) => row.original.email }),
    column.display({ id: "role", header: "Role", cell: ({ row }) => ROLE_LABELS[row.original.role] }),
    column.display({ id: "invitedBy", header: "Invited by", cell: ({ row }) => row.original.invitedBy ?? "—" }),
    column.display({
      id: "expires",
      header: "Link",
      cell: ({ row }) =>
        new Date(row.original.expiresAt) <= new Date() ? <span className="badge badge-neutral">Expired</span> : <span>Open</span>,
    }),
    dateColumn<InvitationRow>("expiresAt", "Expires", (i) => i.expiresAt),
    actionsColumn<InvitationRow>((i) => (
      <div className="row-actions">
        <button type="button" className="button button-small" disabled={resend.isPending} onClick={() => resend.mutate({ id: i.id })}>
          Resend<span className="visually-hidden"> to {i.email}</span>
        </button>
        <button
          type="button"
          className="button button-small button-danger"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate({ id: i.id })}
        >
          Revoke<span className="visually-hidden"> the invitation to {i.email}</span>
        </button>
      </div>
    )),
  ];

  return (
    <section className="integrate-section" aria-labelledby="invitations-title">
      <header>
        <div>
          <h2 id="invitations-title">Invitations</h2>
          <p className="muted">
            An invitation&apos;s link works once, for 7 days. Sending it again makes a new link; the old one stops working.
          </p>
        </div>
        {!inviting && (
          <button type="button" className="button button-primary" onClick={() => setInviting(true)}>
            Invite member
          </button>
        )}
      </header>
      {inviting && (
        <InvitePanel
          myRole={myRole}
          onClose={() => setInviting(false)}
          onSent={async (s) => {
            setInviting(false);
            await announce("sent")(s);
          }}
        />
      )}
      {sent?.link && (
        <section className="card shown-once" aria-labelledby="invite-link-title" data-testid="invitation-link">
          <h3 id="invite-link-title">Link for {sent.email}</h3>
          <p>No mail server is configured, so nothing was mailed. Send this link to {sent.email} yourself; it works once.</p>
          <div className="shown-once-value">
            <code className="mono" data-testid="invitation-link-value">
              {sent.link}
            </code>
            <CopyButton text={sent.link} what="invitation link" />
          </div>
          <div className="panel-actions">
            <button type="button" className="button" onClick={() => setSent(null)}>
              Done
            </button>
          </div>
        </section>
      )}
      <DataTable
        caption="Open invitations"
        layout="list"
        columns={columns}
        query={list}
        loading="Loading invitations…"
        failed="Could not load the invitations"
        rows={list.data?.invitations}
        rowTestId="invitation-row"
        empty={<p className="card state muted">No open invitations.</p>}
        alert={<AlertError>{rowError}</AlertError>}
      />
    </section>
  );
}

function InvitePanel({ myRole, onClose, onSent }: { myRole: OrganizationRole; onClose: () => void; onSent: (s: Sent) => void }) {
  const trpc = useTRPC();
  const id = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<OrganizationRole>("editor");
  const [formIds, setFormIds] = useState<number[] | null>(null);
  const create = useMutation(trpc.invitations.create.mutationOptions({ onSuccess: onSent }));
  const errors = fieldErrors(create.error);
  // Admins cannot make owners (lib/permissions.ts; the server refuses it too).
  const roles = myRole === "owner" ? ROLES : ROLES.filter((r) => r !== "owner");
  return (
    <PanelForm
      titleId={`${id}-title`}
      title="Invite a member"
      label="Send invitation"
      pendingLabel="Sending…"
      pending={create.isPending}
      onCancel={onClose}
      onSubmit={() => create.mutate({ email, role, formIds: FORM_RESTRICTABLE_ROLES.includes(role) ? formIds : null })}
    >
      <TextField
        id={`${id}-email`}
        label="Email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        maxLength={MAX_EMAIL_LENGTH}
        autoComplete="off"
        autoFocus
        error={errors.byField.email}
      />
      <div className="field">
        <label htmlFor={`${id}-role`}>Role</label>
        <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as OrganizationRole)}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        {errors.byField.role && <p className="field-error">{errors.byField.role}</p>}
      </div>
      {FORM_RESTRICTABLE_ROLES.includes(role) && (
        <FormChoice idPrefix={id} value={formIds} onChange={setFormIds} error={errors.byField.formIds} whose="the new member" />
      )}
      {create.isError && <FormFailure other={errors.other} />}
    </PanelForm>
  );
}
