/** The offline persona (no model): see lib/conversations/persona/ for how it thinks and speaks. */
export { offlineReply, type TranscriptLine } from "./persona/engine";
export type { Difficulty } from "./persona/facts";
export { recitesCard } from "./persona/recitation";
