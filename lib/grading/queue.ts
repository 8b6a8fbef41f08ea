import "server-only";

// The grading queue as the services see it: its rows are written in db/queries, graded by ./worker.
export { kickGrader } from "./worker";
export { enqueueGrade, makeGradeDue, regradeAfterLateTurn } from "@/db/queries/grading-queue";
