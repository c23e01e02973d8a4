import type { Metadata } from "next";
import { ComingSoon } from "../_components/coming-soon";

export const metadata: Metadata = { title: "API tokens" };

export default function TokensPage() {
  return (
    <ComingSoon
      title="API tokens"
      description="Credentials for the REST API, sent in the X-SERVICE-TOKEN header."
      points={[
        "Create organization tokens for the v2 API, with scopes such as form.view or submission.delete.",
        "Limit a token to some forms, or create a legacy v1 token for a single form.",
        "See when each token was last used, and revoke it at any time.",
      ]}
      meanwhile="A token's secret is shown once, when it is created; only a hash is stored."
    />
  );
}
