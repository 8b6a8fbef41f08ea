import type { LtiPlatform } from "@/db/schema";

/**
 * An organisation's choices for one LMS, kept in the platform row's `registration` JSON under `settings`
 * (the schema has no column for them). Missing means the safe default: instructors stay members.
 */
type PlatformSettings = { instructorsBecomeAdmins: boolean };

export function platformSettings(platform: Pick<LtiPlatform, "registration">): PlatformSettings {
  const settings = (platform.registration?.settings ?? {}) as Record<string, unknown>;
  return { instructorsBecomeAdmins: settings.instructors_become_admins === true };
}

export function withSettings(
  registration: Record<string, unknown> | null | undefined,
  settings: PlatformSettings,
): Record<string, unknown> {
  return { ...(registration ?? {}), settings: { instructors_become_admins: settings.instructorsBecomeAdmins } };
}
