import { body, parse, withUser } from "@/lib/api/handler";
import { addFromLibrary, listLibrary } from "@/lib/roleplays/library-service";
import { addFromLibrarySchema, libraryQuerySchema } from "@/lib/validations/library";

/** The starter library with the organisation's copies (admins of it and developers). */
export const GET = withUser(
  async ({ req, caller }) => {
    const { organization_id } = parse(libraryQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return listLibrary(caller.user, organization_id);
  },
  { role: "admin" },
);

/** Add from library: an editable copy in the organisation. */
export const POST = withUser(
  async ({ req, caller }) =>
    Response.json(await addFromLibrary(caller.user, await body(req, addFromLibrarySchema)), { status: 201 }),
  { role: "admin" },
);
