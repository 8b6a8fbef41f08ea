import "server-only";

import { closeDb, getDb } from "./index";

await getDb();
console.log("Migrations applied.");
await closeDb();
