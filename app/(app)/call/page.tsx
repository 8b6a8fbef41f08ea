import type { Metadata } from "next";
import { Suspense } from "react";

import { CallScreen } from "@/components/call/call-screen";
import { requirePageUser } from "@/lib/auth/page";

export const metadata: Metadata = { title: "Call" };

export default async function CallPage() {
  const user = await requirePageUser();
  return (
    <Suspense>
      <CallScreen me={{ id: user.id, name: user.name }} />
    </Suspense>
  );
}
