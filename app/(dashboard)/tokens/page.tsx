import type { Metadata } from "next";
import { mcpUrl } from "@/server/urls";
import { TokensView } from "./tokens-view";

export const metadata: Metadata = { title: "API tokens" };

export default function TokensPage() {
  return <TokensView mcpUrl={mcpUrl()} />;
}
