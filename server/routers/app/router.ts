import "server-only";
import { router } from "@/server/trpc";
import { changePasswordRoute } from "./account/change-password";
import { confirmEmailChangeRoute } from "./account/confirm-email-change";
import { getAccountRoute } from "./account/get-account";
import { listOrganizationsRoute } from "./account/list-organizations";
import { passwordResetStatusRoute } from "./account/password-reset-status";
import { renameOrganizationRoute } from "./account/rename-organization";
import { requestPasswordResetRoute } from "./account/request-password-reset";
import { resetPasswordRoute } from "./account/reset-password";
import { signUpRoute } from "./account/sign-up";
import { switchOrganizationRoute } from "./account/switch-organization";
import { updateProfileRoute } from "./account/update-profile";
import { listConnectedAppsRoute } from "./connected-apps/list-connected-apps";
import { revokeConnectedAppRoute } from "./connected-apps/revoke-connected-app";
import { getFormMailRoute } from "./form-mail/get-form-mail";
import { updateFormNotificationsRoute } from "./form-mail/update-form-notifications";
import { updateFormReceiptRoute } from "./form-mail/update-form-receipt";
import { countElementAnswersRoute } from "./forms/count-element-answers";
import { createFormRoute } from "./forms/create-form";
import { discardDraftRoute } from "./forms/discard-draft";
import { duplicateFormRoute } from "./forms/duplicate-form";
import { getDraftRoute } from "./forms/get-draft";
import { getFormOverviewRoute } from "./forms/get-form-overview";
import { getFormFunnelRoute } from "./forms/get-form-funnel";
import { listFormOptionsRoute } from "./forms/list-form-options";
import { listFormsRoute } from "./forms/list-forms";
import { listTrashedFormsRoute } from "./forms/list-trashed-forms";
import { publishFormRoute } from "./forms/publish-form";
import { renameFormRoute } from "./forms/rename-form";
import { restoreFormRoute } from "./forms/restore-form";
import { saveDraftRoute } from "./forms/save-draft";
import { trashFormRoute } from "./forms/trash-form";
import { unpublishFormRoute } from "./forms/unpublish-form";
import { whereIsFormRoute } from "./forms/where-is-form";
import { acceptInvitationRoute } from "./invitations/accept-invitation";
import { acceptInvitationWithPasswordRoute } from "./invitations/accept-invitation-with-password";
import { createInvitationRoute } from "./invitations/create-invitation";
import { listInvitationsRoute } from "./invitations/list-invitations";
import { previewInvitationRoute } from "./invitations/preview-invitation";
import { resendInvitationRoute } from "./invitations/resend-invitation";
import { revokeInvitationRoute } from "./invitations/revoke-invitation";
import { getMailSettingsRoute } from "./mail/get-mail-settings";
import { listMailLogRoute } from "./mail/list-mail-log";
import { resendMailRoute } from "./mail/resend-mail";
import { sendTestMailRoute } from "./mail/send-test-mail";
import { changeMemberRoleRoute } from "./members/change-member-role";
import { leaveOrganizationRoute } from "./members/leave-organization";
import { listMembersRoute } from "./members/list-members";
import { removeMemberRoute } from "./members/remove-member";
import { restrictMemberFormsRoute } from "./members/restrict-member-forms";
import { transferOwnershipRoute } from "./members/transfer-ownership";
import { bulkDeletePrefillsRoute } from "./prefills/bulk-delete-prefills";
import { createPrefillRoute } from "./prefills/create-prefill";
import { listPrefillFieldsRoute } from "./prefills/list-prefill-fields";
import { listPrefillsRoute } from "./prefills/list-prefills";
import { bulkDeleteSubmissionsRoute } from "./submissions/bulk-delete-submissions";
import { getSubmissionRoute } from "./submissions/get-submission";
import { whereIsSubmissionRoute } from "./submissions/where-is-submission";
import { submissionNeighboursRoute } from "./submissions/submission-neighbours";
import { getSubmissionStatsRoute } from "./submissions/get-submission-stats";
import { listSubmissionsRoute } from "./submissions/list-submissions";
import { markSubmissionsSpamRoute } from "./submissions/mark-submissions-spam";
import { updateSubmissionRoute } from "./submissions/update-submission";
import { createTokenRoute } from "./tokens/create-token";
import { listTokensRoute } from "./tokens/list-tokens";
import { revokeTokenRoute } from "./tokens/revoke-token";
import { bulkCreateUniqueLinksRoute } from "./unique-links/bulk-create-unique-links";
import { bulkDeleteUniqueLinksRoute } from "./unique-links/bulk-delete-unique-links";
import { getUniqueLinkRoute } from "./unique-links/get-unique-link";
import { listUniqueLinksRoute } from "./unique-links/list-unique-links";
import { updateUniqueLinkRoute } from "./unique-links/update-unique-link";
import { createWebhookRoute } from "./webhooks/create-webhook";
import { deleteWebhookRoute } from "./webhooks/delete-webhook";
import { getWebhookDeliveryRoute } from "./webhooks/get-webhook-delivery";
import { listWebhookDeliveriesRoute } from "./webhooks/list-webhook-deliveries";
import { listWebhooksRoute } from "./webhooks/list-webhooks";
import { retryWebhookDeliveryRoute } from "./webhooks/retry-webhook-delivery";
import { rotateWebhookSecretRoute } from "./webhooks/rotate-webhook-secret";
import { listAuditActorsRoute } from "./audit/list-audit-actors";
import { listAuditEventsRoute } from "./audit/list-audit-events";
import { testWebhookRoute } from "./webhooks/test-webhook";
import { updateWebhookRoute } from "./webhooks/update-webhook";

/**
 * Everything the dashboard calls over tRPC (`/api/trpc`), signed in by session but for the
 * account's public steps (sign-up, a forgotten password, a mailed link). The only list of the
 * dashboard's procedures.
 */
export const appRouter = router({
  audit: router({ list: listAuditEventsRoute, actors: listAuditActorsRoute }),
  account: router({
    signUp: signUpRoute,
    me: getAccountRoute,
    organizations: listOrganizationsRoute,
    switchOrganization: switchOrganizationRoute,
    updateProfile: updateProfileRoute,
    changePassword: changePasswordRoute,
    renameOrganization: renameOrganizationRoute,
    requestPasswordReset: requestPasswordResetRoute,
    passwordResetStatus: passwordResetStatusRoute,
    resetPassword: resetPasswordRoute,
    confirmEmailChange: confirmEmailChangeRoute,
  }),
  connectedApps: router({ list: listConnectedAppsRoute, revoke: revokeConnectedAppRoute }),
  forms: router({
    list: listFormsRoute,
    listOptions: listFormOptionsRoute,
    getDraft: getDraftRoute,
    saveDraft: saveDraftRoute,
    discardDraft: discardDraftRoute,
    publish: publishFormRoute,
    unpublish: unpublishFormRoute,
    countElementAnswers: countElementAnswersRoute,
    listTrashed: listTrashedFormsRoute,
    create: createFormRoute,
    overview: getFormOverviewRoute,
    funnel: getFormFunnelRoute,
    rename: renameFormRoute,
    duplicate: duplicateFormRoute,
    trash: trashFormRoute,
    restore: restoreFormRoute,
    whereIs: whereIsFormRoute,
  }),
  formMail: router({ get: getFormMailRoute, updateNotifications: updateFormNotificationsRoute, updateReceipt: updateFormReceiptRoute }),
  invitations: router({
    list: listInvitationsRoute,
    create: createInvitationRoute,
    resend: resendInvitationRoute,
    revoke: revokeInvitationRoute,
    preview: previewInvitationRoute,
    accept: acceptInvitationRoute,
    acceptWithPassword: acceptInvitationWithPasswordRoute,
  }),
  mail: router({ settings: getMailSettingsRoute, log: listMailLogRoute, sendTest: sendTestMailRoute, resend: resendMailRoute }),
  members: router({
    list: listMembersRoute,
    changeRole: changeMemberRoleRoute,
    restrictForms: restrictMemberFormsRoute,
    remove: removeMemberRoute,
    leave: leaveOrganizationRoute,
    transferOwnership: transferOwnershipRoute,
  }),
  prefills: router({
    list: listPrefillsRoute,
    listFields: listPrefillFieldsRoute,
    create: createPrefillRoute,
    bulkDelete: bulkDeletePrefillsRoute,
  }),
  submissions: router({
    list: listSubmissionsRoute,
    get: getSubmissionRoute,
    update: updateSubmissionRoute,
    markSpam: markSubmissionsSpamRoute,
    bulkDelete: bulkDeleteSubmissionsRoute,
    stats: getSubmissionStatsRoute,
    neighbours: submissionNeighboursRoute,
    whereIs: whereIsSubmissionRoute,
  }),
  tokens: router({ list: listTokensRoute, create: createTokenRoute, revoke: revokeTokenRoute }),
  uniqueLinks: router({
    list: listUniqueLinksRoute,
    get: getUniqueLinkRoute,
    bulkCreate: bulkCreateUniqueLinksRoute,
    update: updateUniqueLinkRoute,
    bulkDelete: bulkDeleteUniqueLinksRoute,
  }),
  webhooks: router({
    list: listWebhooksRoute,
    create: createWebhookRoute,
    update: updateWebhookRoute,
    delete: deleteWebhookRoute,
    rotateSecret: rotateWebhookSecretRoute,
    test: testWebhookRoute,
    deliveries: listWebhookDeliveriesRoute,
    delivery: getWebhookDeliveryRoute,
    retry: retryWebhookDeliveryRoute,
  }),
});

export type AppRouter = typeof appRouter;
