import { closeDb, getDb } from "./index";

process.env.SEED_DEMO_DATA ??= "false";
await getDb();
console.log("Migrations applied.");
await closeDb();
