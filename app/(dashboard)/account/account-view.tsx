"use client";

import "../_components/integrate.css";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent, type ReactNode } from "react";
import { useTRPC } from "@/app/_trpc/client";
import type { AppRouter } from "@/server/routers/app/router";
import { MIN_PASSWORD_LENGTH } from "@/lib/account-rules";
import { fieldErrors } from "../_components/field-errors";
import { FormFailure } from "../_components/form-failure";
import { QueryState } from "../_components/list-states";
import { Notice } from "../_components/notice";
import { PageHeader } from "../_components/page-header";
import { FormButtons, SubmitForm } from "../_components/panel-form";
import { TextField } from "@/app/_components/text-field";

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

/**
 * A card holding one form, titled `title` (its id: "profile-title"). `mutation` is its save: held while pending, and when it failed the
 * message about no field under the fields (each field shows its own, see `useFields`).
 */
function SettingsForm({
  title,
  mutation,
  submitLabel,
  onSubmit,
  children,
}: {
  title: string;
  mutation: { isError: boolean; isPending: boolean; error: unknown };
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const titleId = `${title.toLowerCase()}-title`;
  return (
    <SubmitForm className="card settings-card" aria-labelledby={titleId} onSubmit={onSubmit}>
      <h2 id={titleId}>{title}</h2>
      {children}
      {mutation.isError && <FormFailure other={fieldErrors(mutation.error).other} />}
      <FormButtons label={submitLabel} pendingLabel="Saving…" pending={mutation.isPending} />
    </SubmitForm>
  );
}

/**
 * A card's values; `bind(error)` gives each input its value, its change and the message the
 * failed save (`error`) reported for it.
 */
function useFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  return {
    values,
    reset: () => setValues(initial),
    bind: (error: unknown) => {
      const { byField } = fieldErrors(error);
      return (key: keyof T & string) => ({
        value: values[key],
        onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value })),
        error: byField[key],
      });
    },
  };
}

/** After a save: says so, then refreshes what shows the account (this page's query and the sidebar, a server layout). */
function useSaved(onNotice: (text: string) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  return (text: string) => async () => {
    onNotice(text);
    await queryClient.invalidateQueries(trpc.account.me.pathFilter());
    router.refresh();
  };
}

function ProfileCard({ account, onNotice }: { account: Account; onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const saved = useSaved(onNotice);
  const fields = useFields({ name: account.name, email: account.email, currentPassword: "" });
  const save = useMutation(
    trpc.account.updateProfile.mutationOptions({
      onSuccess: ({ confirmationSentTo }) => {
        if (!confirmationSentTo) return saved("Your profile was saved.")();
        // The email stays as it is until the link is opened: the field shows it again.
        fields.reset();
        return saved(`Your profile was saved. We sent a link to ${confirmationSentTo}; your email changes when you open it.`)();
      },
    }),
  );
  const field = fields.bind(save.error);
  const { name, email, currentPassword } = fields.values;
  const emailChanges = email.trim().toLowerCase() !== account.email;
  return (
    <SettingsForm
      title="Profile"
      mutation={save}
      submitLabel="Save profile"
      onSubmit={() => save.mutate({ name, email, currentPassword: emailChanges ? currentPassword : undefined })}
    >
      <TextField id="profile-name" label="Name" {...field("name")} autoComplete="name" maxLength={200} />
      <TextField id="profile-email" label="Email" type="email" {...field("email")} autoComplete="email" hint="You sign in with it." />
      {emailChanges && (
        <TextField
          id="profile-password"
          label="Current password"
          type="password"
          {...field("currentPassword")}
          autoComplete="current-password"
          hint="Needed to change your email."
        />
      )}
    </SettingsForm>
  );
}

function PasswordCard({ onNotice }: { onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const fields = useFields({ currentPassword: "", newPassword: "" });
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess: ({ endedSessions }) => {
        fields.reset();
        const others =
          endedSessions === 0
            ? "You had no other sessions."
            : `${endedSessions} other ${endedSessions === 1 ? "session was" : "sessions were"} signed out.`;
        onNotice(`Your password was changed. ${others} This one stays signed in.`);
      },
    }),
  );
  const field = fields.bind(change.error);
  return (
    <SettingsForm title="Password" mutation={change} submitLabel="Change password" onSubmit={() => change.mutate(fields.values)}>
      <TextField
        id="password-current"
        label="Current password"
        type="password"
        {...field("currentPassword")}
        autoComplete="current-password"
      />
      <TextField
        id="password-new"
        label="New password"
        type="password"
        {...field("newPassword")}
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. Your other sessions are signed out; this one stays.`}
      />
    </SettingsForm>
  );
}

function OrganizationCard({ account, onNotice }: { account: Account; onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const saved = useSaved(onNotice);
  const fields = useFields({ organizationName: account.organization.name });
  const rename = useMutation(trpc.account.renameOrganization.mutationOptions({ onSuccess: saved("The organization's name was saved.") }));
  const field = fields.bind(rename.error);
  const owner = account.role === "owner";
  return (
    <SettingsForm title="Organization" mutation={rename} submitLabel="Save name" onSubmit={() => rename.mutate(fields.values)}>
      <TextField
        id="organization-name"
        label="Organization name"
        {...field("organizationName")}
        autoComplete="organization"
        maxLength={200}
        disabled={!owner}
        hint={owner ? undefined : "Only an owner can rename the organization."}
      />
    </SettingsForm>
  );
}
