import { z } from "zod";

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
