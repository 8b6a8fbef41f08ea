/**
 * Sentences of written text, for quoting and for cutting a persona's card into facts. Splits after
 * . ! ? or … followed by a space, so "4.5%" and "4,000" stay whole; card fields also split at ";",
 * one fact each side. Unpunctuated speech stays one sentence here: units.ts reads speech by syntax.
 */
export function sentencesOf(text: string, { semicolons = false }: { semicolons?: boolean } = {}): string[] {
  const boundary = semicolons ? /(?<=[.!?…])\s+(?=\S)|;\s*/ : /(?<=[.!?…])\s+(?=\S)/;
  return text
    .replace(/\s+/g, " ")
    .replace(ABBREVIATION, (m) => m.replace(/\.$/, ABBREVIATION_DOT))
    .split(boundary)
    .map((s) => s.replaceAll(ABBREVIATION_DOT, ".").trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/**
 * A full stop that ends an abbreviation, not a sentence: "38 crew incl. bank staff", "approx. 40 vans", "e.g.
 * pharmacies", before a word in lower case; "Dr. Patel", "St. Mary's" before a name. Note-style cards are
 * written this way; cut there, a fact ends on "incl." and its rest becomes a fact of its own. Chat's own
 * "he said no. that was it" stays two sentences.
 */
const ABBREVIATION =
  /\b(?:(?:[Ii]ncl|[Ee]xcl|[Aa]pprox|[Aa]ppx|e\.g|i\.e|etc|vs|esp|dept|avg)\.(?= [a-z0-9~$£€])|[Nn]o\.(?= \d)|(?:[Mm]rs?|[Mm]s|[Dd]r|[Ss]t|[Pp]rof)\.(?= [A-Z]))/g;
const ABBREVIATION_DOT = "\u2024";
