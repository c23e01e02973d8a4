import type { Metadata } from "next";
import { ComingSoon } from "../_components/coming-soon";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <ComingSoon
      title="Webhooks"
      description="Get told about new submissions as they arrive."
      points={[
        "Send each new submission of a form as an HTTP POST to your endpoint.",
        "See the subscriptions an automation platform created through the connector API.",
        "Remove a subscription when you no longer need it.",
      ]}
    />
  );
}
