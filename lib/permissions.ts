/**
 * What each role may do in its organization: the one table. It drives the server's check on
 * every dashboard procedure (`sessionProcedure` in server/trpc.ts refuses a procedure missing
 * from PROCEDURE_PERMISSIONS), the Members page's matrix, and the role × procedure test over
 * HTTP (e2e/api/trpc/role-matrix.spec.ts). Hiding a button is never the check.
 */
export const ROLES = ["owner", "admin", "editor", "viewer"] as const;
export type OrganizationRole = (typeof ROLES)[number];

/** Roles that can be limited to chosen forms (owners and admins always reach every form). */
export const FORM_RESTRICTABLE_ROLES: readonly OrganizationRole[] = ["editor", "viewer"];

export const ROLE_LABELS: Record<OrganizationRole, string> = { owner: "Owner", admin: "Admin", editor: "Editor", viewer: "Viewer" };

const ALL = ROLES;
const EDITORS = ["owner", "admin", "editor"] as const;
const ADMINS = ["owner", "admin"] as const;
const OWNERS = ["owner"] as const;

type PermissionRule = {
  roles: readonly OrganizationRole[];
  /** What it lets one do, completing "can …" (the matrix's row and the refusal's sentence). */
  does: string;
  /** Refused to a member limited to chosen forms: it reaches beyond forms, or makes new ones. */
  wholeOrganization?: boolean;
};

export const PERMISSIONS = {
  account: { roles: ALL, does: "use their own account and switch organizations" },
  "members.view": { roles: ALL, does: "see the organization's members" },
  "forms.view": { roles: ALL, does: "see forms" },
  "answers.view": { roles: ALL, does: "read and export answers" },
  "notifications.manage": { roles: ALL, does: "choose their own mail about a form's answers" },
  "forms.edit": { roles: EDITORS, does: "edit, publish and trash forms" },
  "forms.create": { roles: EDITORS, does: "create forms", wholeOrganization: true },
  "answers.edit": { roles: EDITORS, does: "edit answers and mark spam" },
  "answers.delete": { roles: EDITORS, does: "delete answers" },
  "links.manage": { roles: EDITORS, does: "manage prefills and unique links" },
  "members.manage": { roles: ADMINS, does: "invite, change and remove members", wholeOrganization: true },
  "tokens.manage": { roles: ADMINS, does: "manage API tokens", wholeOrganization: true },
  "webhooks.manage": { roles: ADMINS, does: "manage webhooks", wholeOrganization: true },
  "connectedApps.manage": { roles: ADMINS, does: "manage connected apps", wholeOrganization: true },
  "audit.view": { roles: ADMINS, does: "read the audit log", wholeOrganization: true },
  "mail.manage": { roles: OWNERS, does: "manage the organization's mail", wholeOrganization: true },
  "organization.manage": { roles: OWNERS, does: "rename the organization", wholeOrganization: true },
  "ownership.transfer": { roles: OWNERS, does: "transfer ownership", wholeOrganization: true },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * Every dashboard procedure (server/routers/app/router.ts) and what it needs: a permission, or
 * `public` for the account's steps before signing in. A procedure missing here is refused by
 * the server and fails server/routers/app/permissions.test.ts.
 */
export const PROCEDURE_PERMISSIONS: Record<string, Permission | "public"> = {
  "account.signUp": "public",
  "account.me": "account",
  "account.organizations": "account",
  "account.switchOrganization": "account",
  "account.updateProfile": "account",
  "account.changePassword": "account",
  "account.renameOrganization": "organization.manage",
  "account.requestPasswordReset": "public",
  "account.passwordResetStatus": "public",
  "account.resetPassword": "public",
  "account.confirmEmailChange": "public",
  "connectedApps.list": "connectedApps.manage",
  "connectedApps.revoke": "connectedApps.manage",
  "forms.list": "forms.view",
  "forms.listOptions": "forms.view",
  "forms.getDraft": "forms.view",
  "forms.saveDraft": "forms.edit",
  "forms.discardDraft": "forms.edit",
  "forms.publish": "forms.edit",
  "forms.unpublish": "forms.edit",
  "forms.countElementAnswers": "forms.view",
  "forms.listTrashed": "forms.view",
  "forms.create": "forms.create",
  "forms.overview": "forms.view",
  "forms.funnel": "answers.view",
  "forms.rename": "forms.edit",
  "forms.duplicate": "forms.create",
  "forms.trash": "forms.edit",
  "forms.restore": "forms.edit",
  "forms.whereIs": "account",
  "submissions.whereIs": "account",
  "formMail.get": "forms.view",
  "formMail.updateNotifications": "notifications.manage",
  "formMail.updateReceipt": "forms.edit",
  "invitations.list": "members.manage",
  "invitations.create": "members.manage",
  "invitations.resend": "members.manage",
  "invitations.revoke": "members.manage",
  "invitations.preview": "public",
  "invitations.acceptWithPassword": "public",
  "invitations.accept": "account",
  "audit.list": "audit.view",
  "audit.actors": "audit.view",
  "mail.settings": "mail.manage",
  "mail.log": "mail.manage",
  "mail.sendTest": "mail.manage",
  "mail.resend": "mail.manage",
  "members.list": "members.view",
  "members.changeRole": "members.manage",
  "members.restrictForms": "members.manage",
  "members.remove": "members.manage",
  "members.leave": "account",
  "members.transferOwnership": "ownership.transfer",
  "prefills.list": "links.manage",
  "prefills.listFields": "links.manage",
  "prefills.create": "links.manage",
  "prefills.bulkDelete": "links.manage",
  "submissions.list": "answers.view",
  "submissions.get": "answers.view",
  "submissions.update": "answers.edit",
  "submissions.markSpam": "answers.edit",
  "submissions.bulkDelete": "answers.delete",
  "submissions.stats": "answers.view",
  "submissions.neighbours": "answers.view",
  "tokens.list": "tokens.manage",
  "tokens.create": "tokens.manage",
  "tokens.revoke": "tokens.manage",
  "uniqueLinks.list": "links.manage",
  "uniqueLinks.get": "links.manage",
  "uniqueLinks.bulkCreate": "links.manage",
  "uniqueLinks.update": "links.manage",
  "uniqueLinks.bulkDelete": "links.manage",
  "webhooks.list": "webhooks.manage",
  "webhooks.create": "webhooks.manage",
  "webhooks.update": "webhooks.manage",
  "webhooks.delete": "webhooks.manage",
  "webhooks.rotateSecret": "webhooks.manage",
  "webhooks.test": "webhooks.manage",
  "webhooks.deliveries": "webhooks.manage",
  "webhooks.delivery": "webhooks.manage",
  "webhooks.retry": "webhooks.manage",
};

/** A member as the check sees them: their role, and the forms they are limited to (null: every form). */
export type MemberGrant = { role: OrganizationRole; formIds: number[] | null };

export function can(role: OrganizationRole, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly OrganizationRole[]).includes(role);
}

/** Who to ask, in words: "an owner", "an admin or owner", … */
function whoMay(permission: Permission): string {
  const roles = [...PERMISSIONS[permission].roles].reverse();
  return roles.length === 1 ? `an ${roles[0]}` : `an ${roles.slice(0, -1).join(", ")} or ${roles.at(-1)}`;
}

/**
 * Why `member` may not do what `permission` allows, as the sentence of the 403; null when they
 * may. One sentence per rule, so the page, the API answer and the test read the same words.
 */
export function permissionRefusal(member: MemberGrant, permission: Permission): string | null {
  const rule: PermissionRule = PERMISSIONS[permission];
  if (!can(member.role, permission)) {
    if (rule.roles.length === 1) return `Only an owner can ${rule.does}`;
    return `Your role (${member.role}) cannot ${rule.does}: ask ${whoMay(permission)}`;
  }
  if (member.formIds && rule.wholeOrganization) {
    return `You can reach only the forms chosen for you, so you cannot ${rule.does}: ask an admin or owner`;
  }
  return null;
}

/** The Members page's matrix: each permission's words and, per role, whether it may. */
export function permissionMatrix(): { permission: Permission; does: string; allowed: Record<OrganizationRole, boolean> }[] {
  return (Object.keys(PERMISSIONS) as Permission[]).map((permission) => ({
    permission,
    does: PERMISSIONS[permission].does,
    allowed: Object.fromEntries(ROLES.map((r) => [r, can(r, permission)])) as Record<OrganizationRole, boolean>,
  }));
}
