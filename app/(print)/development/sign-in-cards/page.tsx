import type { Metadata } from "next";

import { SignInSheet } from "@/components/development/sign-in-sheet";
import { NotAllowed } from "@/components/organization/not-allowed";
import { requirePageUser } from "@/lib/auth/page";

export const metadata: Metadata = { title: "Sign-in cards" };
export const dynamic = "force-dynamic";

/**
 * The printable sign-in cards, outside the app's shell so paper carries cards only. The passwords
 * never reach this server page: the sheet is built in the browser from the seed's answer or its CSV.
 */
export default async function SignInCardsPage() {
  const user = await requirePageUser();
  if (!user.isDev) {
    return <NotAllowed title="You can't open this page" message="Only developers can open the development tools." />;
  }
  return <SignInSheet />;
}
