"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useId, useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { can, FORM_RESTRICTABLE_ROLES, ROLE_LABELS, ROLES, type OrganizationRole } from "@/lib/permissions";
import type { AppRouter } from "@/server/routers/app/router";
import { AlertError } from "@/app/_components/alert-error";
import { ConfirmDialog } from "../../_components/confirm-dialog";
import { dataColumns } from "../../_components/data-table/columns";
import { actionsColumn, dateColumn } from "../../_components/data-table/common-columns";
import { DataTable } from "../../_components/data-table/data-table";
import { ModalDialog } from "../../_components/modal-dialog";
import { FormButtons } from "../../_components/panel-form";
import { FormChoice } from "./form-choice";

type Members = inferRouterOutputs<AppRouter>["members"]["list"];
type MemberRow = Members["members"][number] & { id: number };

const column = dataColumns<MemberRow>();

/** A member's name for sentences: their name, else their email. */
const nameOf = (m: { name: string; email: string }) => m.name || m.email;

type Pending = { kind: "remove" | "transfer" | "leave"; member: MemberRow } | null;

/**
 * The organization's members: role (a select for who may change it), forms, joined; Remove,
 * Make owner and Leave behind a question. What the signed-in member may do decides the
 * controls shown; the server decides what happens (lib/permissions.ts).
 */
export function MemberList({ onNotice, onLeft }: { onNotice: (text: string) => void; onLeft: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.members.list.queryOptions());
  const forms = useQuery(trpc.forms.listOptions.queryOptions());
  const [pending, setPending] = useState<Pending>(null);
  const [choosing, setChoosing] = useState<MemberRow | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.members.list.pathFilter());

  const changeRole = useMutation(
    trpc.members.changeRole.mutationOptions({
      onSuccess: async (_, v) => {
        setRowError(null);
        onNotice(`Role changed to ${ROLE_LABELS[v.role].toLowerCase()}.`);
        await refresh();
      },
      onError: (e) => setRowError(errorMessage(e)),
    }),
  );
  const done = (text: string) => async () => {
    setPending(null);
    onNotice(text);
    await refresh();
  };
  const remove = useMutation(
    trpc.members.remove.mutationOptions({ onSuccess: () => done(`${pending ? nameOf(pending.member) : ""} was removed.`)() }),
  );
  const transfer = useMutation(
    trpc.members.transferOwnership.mutationOptions({
      onSuccess: async () => {
        await done(`${pending ? nameOf(pending.member) : ""} is now an owner; you are an admin.`)();
        await queryClient.invalidateQueries();
      },
    }),
  );
  const leave = useMutation(trpc.members.leave.mutationOptions({ onSuccess: () => onLeft() }));

  const me = list.data?.me;
  const manage = me ? can(me.role, "members.manage") : false;
  const rows = list.data?.members.map((m) => ({ ...m, id: m.userId }));
  const formNames = new Map(forms.data?.forms.map((f) => [f.id, f.name]));
  /** Roles the signed-in member may give: admins neither make owners nor change them. */
  const rolesFor = (m: MemberRow): readonly OrganizationRole[] =>
    me?.role === "owner" ? ROLES : m.role === "owner" ? [] : ROLES.filter((r) => r !== "owner");

  const columns = [
    column.display({
      id: "name",
      header: "Name",
      meta: { place: "title" },
      cell: ({ row: { original: m } }) => (
        <>
          {m.name || m.email}
          {m.userId === me?.userId && <span className="chip">You</span>}
        </>
      ),
    }),
    column.display({ id: "email", header: "Email", cell: ({ row }) => row.original.email }),
    column.display({
      id: "role",
      header: "Role",
      cell: ({ row: { original: m } }) =>
        manage && m.userId !== me?.userId && rolesFor(m).length > 0 ? (
          <select
            aria-label={`Role of ${nameOf(m)}`}
            value={m.role}
            disabled={changeRole.isPending}
            onChange={(e) => changeRole.mutate({ userId: m.userId, role: e.target.value as OrganizationRole })}
          >
            {rolesFor(m).map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        ) : (
          ROLE_LABELS[m.role]
        ),
    }),
    column.display({
      id: "forms",
      header: "Forms",
      cell: ({ row: { original: m } }) => (
        <span className="member-forms">
          {m.formIds === null ? "All forms" : m.formIds.map((id) => formNames.get(id) ?? `#${id}`).join(", ") || "None"}
          {manage && FORM_RESTRICTABLE_ROLES.includes(m.role) && (
            <button type="button" className="button button-small" onClick={() => setChoosing(m)}>
              Choose forms<span className="visually-hidden"> for {nameOf(m)}</span>
            </button>
          )}
        </span>
      ),
    }),
    dateColumn<MemberRow>("joined", "Joined", (m) => m.joinedAt),
    actionsColumn<MemberRow>((m) => {
      const mine = m.userId === me?.userId;
      const ask = (kind: "remove" | "transfer" | "leave") => () => {
        remove.reset();
        transfer.reset();
        leave.reset();
        setPending({ kind, member: m });
      };
      return (
        <div className="row-actions">
          {!mine && me?.role === "owner" && (
            <button type="button" className="button button-small" onClick={ask("transfer")}>
              Make owner<span className="visually-hidden"> {nameOf(m)}</span>
            </button>
          )}
          {!mine && manage && (me?.role === "owner" || m.role !== "owner") && (
            <button type="button" className="button button-small button-danger" onClick={ask("remove")}>
              Remove<span className="visually-hidden"> {nameOf(m)}</span>
            </button>
          )}
          {mine && (
            <button type="button" className="button button-small button-danger" onClick={ask("leave")}>
              Leave organization
            </button>
          )}
        </div>
      );
    }),
  ];

  const action = pending?.kind === "remove" ? remove : pending?.kind === "transfer" ? transfer : leave;
  return (
    <DataTable
      caption="Members"
      layout="list"
      columns={columns}
      query={list}
      loading="Loading members…"
      failed="Could not load the members"
      rows={rows}
      rowTestId="member-row"
      empty={<p className="card state muted">No members.</p>}
      alert={<AlertError>{rowError}</AlertError>}
    >
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === "remove"
            ? `Remove ${nameOf(pending.member)}?`
            : pending?.kind === "transfer"
              ? `Make ${nameOf(pending.member)} an owner?`
              : "Leave this organization?"
        }
        confirmLabel={pending?.kind === "remove" ? "Remove member" : pending?.kind === "transfer" ? "Transfer ownership" : "Leave"}
        pendingLabel="Working…"
        pending={action.isPending}
        error={action.isError ? errorMessage(action.error) : null}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          if (pending.kind === "remove") remove.mutate({ userId: pending.member.userId });
          else if (pending.kind === "transfer") transfer.mutate({ userId: pending.member.userId });
          else leave.mutate();
        }}
      >
        {pending?.kind === "remove" && (
          <p>Their sessions in this organization end at once. API tokens they created belong to the organization and keep working.</p>
        )}
        {pending?.kind === "transfer" && <p>They become an owner and you become an admin. Only an owner can undo this.</p>}
        {pending?.kind === "leave" && <p>You lose access to its forms and answers at once. Someone must invite you to come back.</p>}
      </ConfirmDialog>
      {choosing && (
        <ChooseFormsDialog
          member={choosing}
          onClose={() => setChoosing(null)}
          onSaved={async () => {
            setChoosing(null);
            onNotice(`Forms of ${nameOf(choosing)} saved.`);
            await refresh();
          }}
        />
      )}
    </DataTable>
  );
}

function ChooseFormsDialog({ member, onClose, onSaved }: { member: MemberRow; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const id = useId();
  const [value, setValue] = useState<number[] | null>(member.formIds);
  const save = useMutation(trpc.members.restrictForms.mutationOptions({ onSuccess: onSaved }));
  return (
    <ModalDialog open labelledBy={`${id}-title`} pending={save.isPending} onCancel={onClose}>
      <h2 id={`${id}-title`}>Forms {nameOf(member)} can reach</h2>
      <div className="dialog-body">
        <FormChoice idPrefix={id} value={value} onChange={setValue} whose={nameOf(member)} />
      </div>
      <AlertError>{save.isError ? errorMessage(save.error) : null}</AlertError>
      <FormButtons
        className="dialog-actions"
        label="Save forms"
        pendingLabel="Saving…"
        pending={save.isPending}
        onAction={() => save.mutate({ userId: member.userId, formIds: value })}
        onCancel={onClose}
      />
    </ModalDialog>
  );
}
