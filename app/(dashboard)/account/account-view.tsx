"use client";

import "../_components/integrate.css";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useTRPC } from "@/app/_trpc/client";
import type { AppRouter } from "@/server/routers/app/router";
import { MIN_PASSWORD_LENGTH } from "@/server/services/users/rules";
import { fieldErrors } from "../_components/field-errors";
import { FormFailure } from "../_components/form-failure";
import { QueryState } from "../_components/list-states";
import { Notice } from "../_components/notice";
import { PageHeader } from "../_components/page-header";
import { TextField } from "../_components/text-field";

type Account = inferRouterOutputs<AppRouter>["account"]["me"];

export function AccountView() {
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <PageHeader title="Account" description="Your name, email and password, and your organization's name." />
      <div aria-live="polite">{notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}</div>
      {me.isPending || me.isError ? (
        <QueryState query={me} loading="Loading your account…" failed="Could not load your account" selectable={false} />
      ) : (
        <>
          <ProfileCard key={`${me.data.name}|${me.data.email}`} account={me.data} onNotice={setNotice} />
          <PasswordCard onNotice={setNotice} />
          <OrganizationCard key={me.data.organization.name} account={me.data} onNotice={setNotice} />
        </>
      )}
    </>
  );
}

/** A card holding one form; `errors` of the last failed answer (fieldErrors), null after none. */
function SettingsForm({
  title,
  id,
  procedure,
  errors,
  pending,
  submitLabel,
  onSubmit,
  children,
}: {
  title: string;
  id: string;
  procedure: string;
  errors: { other: string | null } | null;
  pending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="card settings-card"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {errors && <FormFailure other={errors.other} procedure={procedure} />}
      <div className="panel-actions">
        <button type="submit" className="button button-primary" disabled={pending} aria-busy={pending}>
          {pending ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** Refreshes what shows the account: this page's query and the sidebar (a server layout). */
function useAccountRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  return async () => {
    await queryClient.invalidateQueries(trpc.account.me.pathFilter());
    router.refresh();
  };
}

function ProfileCard({ account, onNotice }: { account: Account; onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const refresh = useAccountRefresh();
  const [name, setName] = useState(account.name);
  const [email, setEmail] = useState(account.email);
  const [currentPassword, setCurrentPassword] = useState("");
  const save = useMutation(
    trpc.account.updateProfile.mutationOptions({
      onSuccess: async () => {
        onNotice("Your profile was saved.");
        await refresh();
      },
    }),
  );
  const errors = fieldErrors(save.error);
  const emailChanges = email.trim().toLowerCase() !== account.email;
  return (
    <SettingsForm
      title="Profile"
      id="profile"
      procedure="account.updateProfile"
      errors={save.isError ? errors : null}
      pending={save.isPending}
      submitLabel="Save profile"
      onSubmit={() => save.mutate({ name, email, currentPassword: emailChanges ? currentPassword : undefined })}
    >
      <TextField id="profile-name" label="Name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={200} error={errors.byField.name} />
      <TextField id="profile-email" label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" hint="You sign in with it." error={errors.byField.email} />
      {emailChanges && (
        <TextField
          id="profile-password"
          label="Current password"
          type="password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          autoComplete="current-password"
          hint="Needed to change your email."
          error={errors.byField.currentPassword}
        />
      )}
    </SettingsForm>
  );
}

function PasswordCard({ onNotice }: { onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess: ({ endedSessions }) => {
        setCurrentPassword("");
        setNewPassword("");
        onNotice(
          `Your password was changed. ${
            endedSessions === 0 ? "You had no other sessions." : `${endedSessions} other ${endedSessions === 1 ? "session was" : "sessions were"} signed out.`
          } This one stays signed in.`,
        );
      },
    }),
  );
  const errors = fieldErrors(change.error);
  return (
    <SettingsForm
      title="Password"
      id="password"
      procedure="account.changePassword"
      errors={change.isError ? errors : null}
      pending={change.isPending}
      submitLabel="Change password"
      onSubmit={() => change.mutate({ currentPassword, newPassword })}
    >
      <TextField
        id="password-current"
        label="Current password"
        type="password"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
        autoComplete="current-password"
        error={errors.byField.currentPassword}
      />
      <TextField
        id="password-new"
        label="New password"
        type="password"
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. Your other sessions are signed out; this one stays.`}
        error={errors.byField.newPassword}
      />
    </SettingsForm>
  );
}

function OrganizationCard({ account, onNotice }: { account: Account; onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const refresh = useAccountRefresh();
  const [organizationName, setOrganizationName] = useState(account.organization.name);
  const rename = useMutation(
    trpc.account.renameOrganization.mutationOptions({
      onSuccess: async () => {
        onNotice("The organization's name was saved.");
        await refresh();
      },
    }),
  );
  const errors = fieldErrors(rename.error);
  return (
    <SettingsForm
      title="Organization"
      id="organization"
      procedure="account.renameOrganization"
      errors={rename.isError ? errors : null}
      pending={rename.isPending}
      submitLabel="Save name"
      onSubmit={() => rename.mutate({ organizationName })}
    >
      <TextField
        id="organization-name"
        label="Organization name"
        value={organizationName}
        onChange={(e) => setOrganizationName(e.target.value)}
        autoComplete="organization"
        maxLength={200}
        disabled={account.role !== "owner"}
        hint={account.role === "owner" ? undefined : "Only an owner can rename the organization."}
        error={errors.byField.organizationName}
      />
    </SettingsForm>
  );
}
