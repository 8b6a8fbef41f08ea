import { z } from "zod";

import { isTimeZone } from "@/lib/organizations/time-zone";

import { flag, routeId, uuid as id } from "./common";

export const statsQuerySchema = z.object({ include_empty_groups: flag("Use true or false") });

export const organizationParams = z.object({ id: routeId("Organization") });
export const memberParams = z.object({ userId: routeId("User") });

export const deleteOrganizationSchema = z.object({ organization_id: id("organization_id") });

export const addUserSchema = z.object({
  user_id: id("user_id"),
  organization_id: id("organization_id"),
  role: z.enum(["admin", "member"], { error: "Role must be admin or member" }).default("admin"),
});

export type AddUserInput = z.output<typeof addUserSchema>;

/** The organisation's time zone: an IANA name this runtime knows (the setting's list offers exactly these). */
export const timeZoneSchema = z.object({
  time_zone: z
    .string({ error: "Choose a time zone" })
    .trim()
    .min(1, "Choose a time zone")
    .refine(isTimeZone, "Choose a time zone from the list, e.g. Europe/London"),
});

export type TimeZoneInput = z.output<typeof timeZoneSchema>;
