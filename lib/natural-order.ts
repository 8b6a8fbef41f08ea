const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Natural order for names: "Student 2" before "Student 10", case ignored. */
export const naturalCompare = (a: string, b: string) => collator.compare(a, b);
