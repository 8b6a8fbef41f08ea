import { closeDb, getDb } from "./index";
import { seedDemo } from "./seed";

process.env.SEED_DEMO_DATA = "false";
const db = await getDb();
await seedDemo(db);
await closeDb();
