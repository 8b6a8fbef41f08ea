"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";

import { userAction } from "@/lib/actions";
import { clientAddress } from "@/lib/rate-limit";
import { createJoinCodeSchema, joinCodeParams, joinOrganizationSchema } from "@/lib/validations/join-code";

import { createJoinCode, joinWithCode, revokeJoinCode } from "./join-codes";

/** The codes panel's form: expiry as a number of days from now (blank: never), a blank maximum: unlimited. */
function readJoinCodeForm(fd: FormData): unknown {
  const value = (key: string) => String(fd.get(key) ?? "").trim();
  const days = Number(value("expires_in_days"));
  const maxUses = value("max_uses");
  return {
    group_id: value("group_id") || null,
    expires_at: days > 0 ? new Date(Date.now() + days * 86_400_000).toISOString() : null,
    max_uses: maxUses ? Number(maxUses) : null,
  };
}

/** The same rules and service as POST /api/organization/join-codes; the new code travels back once. */
export const createJoinCodeAction = userAction(
  createJoinCodeSchema,
  async (input, user) => {
    const created = await createJoinCode(user, input);
    revalidatePath("/organization");
    return { success: created.code };
  },
  { role: "admin", read: readJoinCodeForm, fallback: "Could not create the join code" },
);

/** The same service as POST /api/organization/join-codes/{id}/revoke. */
export const revokeJoinCodeAction = userAction(
  joinCodeParams,
  async ({ id }, user) => {
    await revokeJoinCode(user, id);
    revalidatePath("/organization");
    return { success: "Join code revoked" };
  },
  { role: "admin", fallback: "Could not revoke the join code" },
);

/** The dashboard's "Join your organization": the same limits and service as POST /api/protected/join-organization. */
export const joinOrganizationAction = userAction(
  joinOrganizationSchema,
  async ({ code }, user) => {
    const joined = await joinWithCode(user, code, clientAddress(await headers()));
    revalidatePath("/", "layout");
    return { success: joined.message };
  },
  { role: "user", fallback: "Could not join the organization" },
);
