import type { Metadata } from "next";
import { TokensView } from "./tokens-view";

export const metadata: Metadata = { title: "API tokens" };

export default function TokensPage() {
  return <TokensView />;
}
