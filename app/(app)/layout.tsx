import { requirePageUser } from "@/lib/auth/page";

export const dynamic = "force-dynamic";

/** Every signed-in screen: a revoked or expired session goes back to /auth. */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  await requirePageUser();
  return <div className="min-h-dvh bg-muted/40">{children}</div>;
}
