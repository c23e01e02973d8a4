import { db } from "@/db";
import { registrationEndpoint } from "@/server/oauth/registration";

export const dynamic = "force-dynamic";

export const POST = (req: Request) => registrationEndpoint(db(), req);
