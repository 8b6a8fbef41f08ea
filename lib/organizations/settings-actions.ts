"use server";

import { revalidatePath } from "next/cache";

import { validatedAction } from "@/lib/actions";
import { requireActionUser } from "@/lib/auth/page";
import { timeZoneSchema } from "@/lib/validations/organization";

import { setTimeZone } from "./settings";

/** The organisation page's time zone setting (exports show local dates and times in it). */
export const setTimeZoneAction = validatedAction(timeZoneSchema, async (input) => {
  const { time_zone } = await setTimeZone(await requireActionUser(), input);
  revalidatePath("/organization");
  return { success: `Exports now show dates in ${time_zone}` };
});
