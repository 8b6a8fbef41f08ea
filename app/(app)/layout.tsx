import { Toaster } from "@/components/ui/sonner";
import { requirePageUser } from "@/lib/auth/page";

export const dynamic = "force-dynamic";

/** Every signed-in screen: a revoked or expired session goes back to /auth. */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  await requirePageUser();
  return (
    <div className="min-h-dvh bg-muted/40">
      {children}
      {/* Only signed-in screens use toasts: keeping it here keeps it off the landing page's bundle. */}
      <Toaster />
    </div>
  );
}
