// A server process's LTI outbox on its own: the crash test starts it, lets it send, and kills it (SIGKILL)
// while the platform holds its answer. Run with node --conditions=react-server --import tsx.
import { getDb } from "@/db";
import { drainLtiOutbox } from "@/lib/lti/outbox";

await getDb();
console.log("outbox child ready");
await drainLtiOutbox();
console.log("outbox child drained");
process.exit(0);
