import { Skeleton } from "@/components/ui/skeleton";

export default function GradeLoading() {
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6" aria-busy="true">
      <h1 className="text-2xl font-bold tracking-tight">Conversation Grade</h1>
      <p className="sr-only" role="status">
        Loading grade...
      </p>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-36 w-full rounded-xl" />
      ))}
    </main>
  );
}
