/**
 * Sentences of written text, for quoting and for cutting a persona's card into facts. Splits after
 * . ! ? or … followed by a space, so "4.5%" and "4,000" stay whole; card fields also split at ";",
 * one fact each side. Unpunctuated speech stays one sentence here: units.ts reads speech by syntax.
 */
export function sentencesOf(text: string, { semicolons = false }: { semicolons?: boolean } = {}): string[] {
  const boundary = semicolons ? /(?<=[.!?…])\s+(?=\S)|;\s*/ : /(?<=[.!?…])\s+(?=\S)/;
  return text
    .replace(/\s+/g, " ")
    .split(boundary)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}
