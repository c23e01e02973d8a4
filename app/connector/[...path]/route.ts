import { restHandler } from "@/server/rest/surfaces";

export const dynamic = "force-dynamic";

const handle = (req: Request) => restHandler("connector")(req);
export { handle as GET, handle as POST, handle as PATCH, handle as PUT, handle as DELETE };
