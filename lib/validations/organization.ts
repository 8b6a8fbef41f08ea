import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0", ""], { error: "Use true or false" })
  .optional()
  .transform((v) => v === "true" || v === "1");

export const statsQuerySchema = z.object({ include_empty_groups: flag });

const id = (label: string) => z.uuid(`${label} must be a valid id`);

export const deleteOrganizationSchema = z.object({ organization_id: id("organization_id") });

export const addUserSchema = z.object({
  user_id: id("user_id"),
  organization_id: id("organization_id"),
  role: z.enum(["admin", "member"], { error: "Role must be admin or member" }).default("admin"),
});

export type AddUserInput = z.output<typeof addUserSchema>;
