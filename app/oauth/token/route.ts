import { db } from "@/db";
import { tokenEndpoint } from "@/server/oauth/token-endpoint";

export const dynamic = "force-dynamic";

export const POST = (req: Request) => tokenEndpoint(db(), req);
