import { naturalCompare } from "@/lib/natural-order";
import type { AttentionFlag } from "@/lib/organizations/attention";
import type { UserStats } from "@/lib/organizations/stats";

export type SortKey = "name" | "conversations" | "time_minutes" | "average_score" | "last_active" | "attention";
export type Sort = { key: SortKey; dir: "asc" | "desc" };
export type StatusFilter = "all" | "attention" | "on_track" | AttentionFlag;

export const SORT_LABEL: Record<SortKey, string> = {
  name: "Name",
  conversations: "Conversations",
  time_minutes: "Time",
  average_score: "Avg Score",
  last_active: "Last Active",
  attention: "Needs attention",
};

const time = (v: string | null) => (v ? new Date(v).getTime() : -Infinity);

/** Sorts learners by any column; names in natural order ("Student 2" before "Student 10"); missing values last. */
export function sortLearners(users: UserStats[], sort: Sort, flags: Record<string, AttentionFlag[]>): UserStats[] {
  const sign = sort.dir === "asc" ? 1 : -1;
  const byName = (a: UserStats, b: UserStats) =>
    naturalCompare(a.name || a.email, b.name || b.email) || naturalCompare(a.email, b.email);
  const value = (u: UserStats): number | null => {
    switch (sort.key) {
      case "conversations":
        return u.conversations;
      case "time_minutes":
        return u.time_minutes;
      case "average_score":
        return u.average_score;
      case "last_active":
        return u.last_active ? time(u.last_active) : null;
      case "attention":
        return flags[u.id]?.length ?? 0;
      default:
        return null;
    }
  };
  return [...users].sort((a, b) => {
    if (sort.key === "name") return sign * byName(a, b);
    const va = value(a);
    const vb = value(b);
    if (va === null && vb === null) return byName(a, b);
    if (va === null) return 1;
    if (vb === null) return -1;
    return sign * (va - vb) || byName(a, b);
  });
}

export function matchesStatus(flags: AttentionFlag[], status: StatusFilter): boolean {
  if (status === "all") return true;
  if (status === "attention") return flags.length > 0;
  if (status === "on_track") return flags.length === 0;
  return flags.includes(status);
}
