import { Skeleton } from "@/components/ui/skeleton";

export default function LoadingRoleplay() {
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6" aria-busy="true">
      <p className="text-sm text-muted-foreground" role="status">
        Loading schema...
      </p>
      <Skeleton className="h-8 w-72" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-96 w-full" />
    </main>
  );
}
