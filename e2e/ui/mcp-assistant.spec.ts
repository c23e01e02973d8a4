import { expect, test } from "../fixtures";
import { openDashboardPage } from "./helpers";
import { expectAccessibleAndNarrow } from "./page-checks";

/** Where users learn to connect an assistant: the API tokens page's "Use with an assistant" and the /docs MCP section. */

test("the API tokens page shows the MCP endpoint and each client's configuration, copyable by keyboard", async ({
  page,
  seed,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const org = await seed.org();
  await openDashboardPage(page, org, "/tokens", "API tokens");
  const section = page.getByRole("region", { name: "Use with an assistant" });
  await expect(section.locator(".assistant-url code")).toHaveText(`${baseURL}/mcp`);
  await expect(section.getByRole("heading", { level: 3 })).toHaveText([
    "Claude Code",
    "Claude Desktop and claude.ai",
    "Cursor, Windsurf and other clients with an mcpServers file",
    "VS Code",
  ]);
  const vscode = JSON.parse((await section.locator("pre").nth(3).textContent())!);
  expect(vscode).toEqual({
    servers: { formhouse: { type: "http", url: `${baseURL}/mcp`, headers: { Authorization: "Bearer fh_v2_…" } } },
  });
  await expect(section.locator("pre").first()).toHaveText(
    `claude mcp add --transport http formhouse ${baseURL}/mcp --header "Authorization: Bearer fh_v2_…"`,
  );
  const copy = section.getByRole("button", { name: "Copy the MCP endpoint" });
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(section.getByRole("button", { name: "Copied the MCP endpoint" })).toBeVisible();
  await expectAccessibleAndNarrow(page, "tokens-assistant");
});

test("/docs has the MCP section: sign-in, configuration and every tool", async ({ page, baseURL }) => {
  await page.goto("/docs");
  const section = page.locator("section#mcp");
  await expect(section.getByRole("heading", { level: 1, name: "MCP server (assistants)" })).toBeVisible();
  await expect(section.getByText(`resource_metadata="${baseURL}/.well-known/oauth-protected-resource/mcp"`)).toBeVisible();
  await expect(section.locator("tbody tr td:first-child")).toHaveText([
    "list_forms",
    "get_form",
    "query_submissions",
    "get_submission",
    "form_summary",
    "delete_submission",
    "create_prefill",
    "create_unique_links",
    "create_form",
    "update_form_draft",
    "publish_form",
  ]);
  await page.getByRole("link", { name: "MCP server (assistants)" }).click();
  await expect(page).toHaveURL(/#mcp$/);
});
