import type { Metadata } from "next";
import { DevelopmentConsole } from "@/components/development/development-console";
import { NotAllowed } from "@/components/organization/not-allowed";
import { requirePageUser } from "@/lib/auth/page";

export const metadata: Metadata = { title: "Development" };

export default async function DevelopmentPage() {
  const user = await requirePageUser();
  if (!user.isDev) {
    return <NotAllowed title="You can't open this page" message="Only developers can open the development tools." />;
  }
  return <DevelopmentConsole />;
}
