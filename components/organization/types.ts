import type { GroupStats, OrganizationStats, UserStats } from "@/lib/organizations/stats";

export type { GroupStats, OrganizationStats, UserStats };

export type SchemaListItem = { id: string; name: string };
export type SchemaDetails = { assigned_groups: string[]; is_active: boolean };
export type ScorePoint = { conversation_id: string; started_at: string; score: number; schema_name: string };
