import { handleMcpRequest } from "@/server/mcp/handler";

export const dynamic = "force-dynamic";

export { handleMcpRequest as GET, handleMcpRequest as POST, handleMcpRequest as DELETE };
