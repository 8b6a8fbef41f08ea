import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** One titled section of the grade page; the title is a real heading for screen-reader navigation. */
export function GradeSection({
  title,
  children,
  aside,
}: {
  title: string;
  children: React.ReactNode;
  aside?: React.ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card aria-labelledby={id} role="region" className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 id={id} className="text-lg">
            {title}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className={aside ? "flex flex-col gap-4 sm:flex-row sm:items-start" : undefined}>
        {aside}
        <div className="min-w-0 flex-1">{children}</div>
      </CardContent>
    </Card>
  );
}

/** A list of feedback points, or the spec's text when there are none. */
export function PointList({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid list-disc gap-2 pl-5 text-sm leading-relaxed marker:text-muted-foreground">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
