"use server";

import { revalidatePath } from "next/cache";

import { userAction } from "@/lib/actions";
import { timeZoneSchema } from "@/lib/validations/organization";

import { setTimeZone } from "./settings";

/** The organisation page's time zone setting (exports show local dates and times in it). */
export const setTimeZoneAction = userAction(
  timeZoneSchema,
  async (input, user) => {
    const { time_zone } = await setTimeZone(user, input);
    revalidatePath("/organization");
    return { success: `Exports now show dates in ${time_zone}` };
  },
  { role: "admin" },
);
