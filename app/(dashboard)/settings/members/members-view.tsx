"use client";

import "../../_components/integrate.css";
import "./members.css";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { can } from "@/lib/permissions";
import { Notice } from "../../_components/notice";
import { PageHeader } from "../../_components/page-header";
import { InvitationsSection } from "./invitations-section";
import { MemberList } from "./member-list";
import { PermissionMatrix } from "./permission-matrix";

/** Settings → Members: who is in the organization, invitations (for admins and owners) and the role table. */
export function MembersView() {
  const trpc = useTRPC();
  const members = useQuery(trpc.members.list.queryOptions());
  const [notice, setNotice] = useState<string | null>(null);
  const role = members.data?.me.role;
  return (
    <>
      <PageHeader title="Members" description="The people of this organization and what each may do." />
      <div aria-live="polite">{notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}</div>
      <section className="integrate-section" aria-labelledby="members-title">
        <header>
          <div>
            <h2 id="members-title">Members</h2>
            <p className="muted">An organization always has at least one owner.</p>
          </div>
        </header>
        <MemberList onNotice={setNotice} onLeft={() => window.location.assign("/forms")} />
      </section>
      {role && can(role, "members.manage") && <InvitationsSection myRole={role} onNotice={setNotice} />}
      <PermissionMatrix />
    </>
  );
}
