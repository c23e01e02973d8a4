import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { organizations } from "../../db/schema";

/** Deletes the organization a bench seeded (its forms and rows go with it), if it seeded one; a failure leaves it behind. */
export async function dropBenchOrganization(db: Db, orgId: number | undefined) {
  if (orgId !== undefined)
    await db
      .delete(organizations)
      .where(eq(organizations.id, orgId))
      .catch(() => {});
}
