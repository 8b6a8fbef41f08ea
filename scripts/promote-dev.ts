// `npm run user:promote-dev -- EMAIL`: gives an existing account developer rights, from the
// server's shell. With the embedded database (PGlite) stop the server first: it allows one process.
import { closeDb, getDb } from "@/db";
import { promoteDeveloper } from "@/lib/auth/developers";

const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run user:promote-dev -- EMAIL");
  process.exit(2);
}
const result = await promoteDeveloper(await getDb(), email);
await closeDb();
const said = {
  promoted: `${email} is now a developer.`,
  already: `${email} was already a developer; nothing changed.`,
  missing: `No account has the email ${email}; nothing changed. The person must sign up first.`,
}[result];
console.log(said);
process.exit(result === "missing" ? 1 : 0);
