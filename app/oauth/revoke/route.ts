import { db } from "@/db";
import { revocationEndpoint } from "@/server/oauth/token-endpoint";

export const dynamic = "force-dynamic";

export const POST = (req: Request) => revocationEndpoint(db(), req);
