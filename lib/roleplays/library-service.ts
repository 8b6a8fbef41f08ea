import "server-only";

import { getDb } from "@/db";
import { insertLibraryCopies, type LibraryCopyValues, selectRoleplayNames } from "@/db/queries/roleplays";
import { requireRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/service";
import { notFound } from "@/lib/errors";
import { getActiveMembership } from "@/lib/organizations/membership";
import type { AddFromLibraryInput } from "@/lib/validations/library";

import { findLibraryEntry, LIBRARY, libraryCard, type LibraryEntry, libraryRoleplay } from "./library";
import { roleplayGrading } from "./present";
import { getRoleplay } from "./service";

/** An entry as an organisation's roleplay, named `name` (a second copy gets "(copy)"). */
function copyOf(entry: LibraryEntry, name = entry.name): LibraryCopyValues {
  const payload = libraryRoleplay(entry, name);
  return {
    name: payload.name,
    description: payload.description,
    is_public: payload.is_public,
    persona: payload.schema_data.persona,
    ...roleplayGrading({
      scenario: payload.schema_data.scenario ?? null,
      scorecard: payload.schema_data.scorecard ?? null,
    }),
    libraryKey: entry.key,
  };
}

/** The copies a new organisation starts with (keys already validated). */
export function starterRoleplays(keys: readonly string[]): LibraryCopyValues[] {
  return keys.flatMap((key) => {
    const entry = findLibraryEntry(key);
    return entry ? [copyOf(entry)] : [];
  });
}

/** The first free name: the entry's own, then "(copy)", "(copy 2)" and so on. */
function freeName(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 1; ; n++) {
    const candidate = `${name} (copy${n === 1 ? "" : ` ${n}`})`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The organisation the caller adds library roleplays to: the one named (admins of it and developers),
 * else the caller's current one. Outsiders get 404, members 403.
 */
async function libraryOrganization(user: SessionUser, organizationId?: string) {
  const id = organizationId ?? (await getActiveMembership(user.id))?.organizationId;
  if (!id) throw notFound("You do not belong to an organization yet");
  await requireRole(user, "admin", { organizationId: id, action: "add roleplays from the library" });
  return id;
}

/** Every library entry as the picker shows it, with the organisation's copies of it. */
export async function listLibrary(user: SessionUser, organizationId?: string) {
  const orgId = await libraryOrganization(user, organizationId);
  const own = await selectRoleplayNames(await getDb(), orgId);
  return {
    organization_id: orgId,
    entries: LIBRARY.map((entry) => {
      const copies = own.filter((r) => r.library_key === entry.key).map((r) => ({ id: r.id, name: r.name }));
      return { ...libraryCard(entry), added: copies.length > 0, copies };
    }),
  };
}
export type LibraryListing = Awaited<ReturnType<typeof listLibrary>>;

/**
 * Adds an editable copy of a library roleplay to the organisation, visible to every group. Adding an
 * entry the organisation already has is allowed: the new copy is named "(copy)" so both can be told apart.
 */
export async function addFromLibrary(user: SessionUser, input: AddFromLibraryInput) {
  const orgId = await libraryOrganization(user, input.organization_id);
  const entry = findLibraryEntry(input.key);
  if (!entry) throw notFound("Library roleplay not found", "library_roleplay");
  const db = await getDb();
  const taken = new Set((await selectRoleplayNames(db, orgId)).map((r) => r.name));
  const [row] = await insertLibraryCopies(db, {
    organizationId: orgId,
    authorId: user.id,
    copies: [copyOf(entry, freeName(entry.name, taken))],
  });
  return { ...(await getRoleplay(user, row.id)), library_key: entry.key };
}
