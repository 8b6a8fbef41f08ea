import "server-only";

import { modelConfigured } from "@/lib/ai/anthropic";
import type { SessionUser } from "@/lib/auth/service";
import { AppError } from "@/lib/errors";

import { getRoleplayForEditing, listGroups, organizationForNewRoleplay } from "./service";

type Loaded<T> = { ok: true; value: T } | { ok: false; message: string };

/** Turns an expected refusal into a message the page shows; anything else is a real failure. */
async function attempt<T>(load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: err.message };
    throw err;
  }
}

/** What /workspace/create needs: the organisation's groups, if the caller may create roleplays there. */
export function loadCreateForm(user: SessionUser) {
  return attempt(async () => {
    const organizationId = await organizationForNewRoleplay(user);
    return { groups: await listGroups(user, organizationId), aiGrading: modelConfigured() };
  });
}

/** What /workspace/edit/{id} needs: the roleplay (if the caller may manage it) and its organisation's groups. */
export function loadEditForm(user: SessionUser, roleplayId: string) {
  return attempt(async () => {
    const roleplay = await getRoleplayForEditing(user, roleplayId);
    return { roleplay, groups: await listGroups(user, roleplay.organization_id), aiGrading: modelConfigured() };
  });
}
