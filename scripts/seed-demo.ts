/** `npm run db:seed`: migrates the database and adds the demo organisation unless it is there already. */
import { closeDb, getDb } from "@/db";
import { seedDemo } from "@/lib/demo/seed";

await seedDemo(await getDb());
await closeDb();
