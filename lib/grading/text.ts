/** Small, deterministic text helpers shared by the transcript metrics. */

/** Words as the learner said them: letters, digits and inner apostrophes/hyphens. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

export function wordCount(text: string): number {
  return words(text).length;
}

const STOPWORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have how i if in into is it its " +
    "me my no not of off on or our out over so than that the their them then there these they this those to too " +
    "up us was we were what when where which who why will with would you your about after again all also any " +
    "because before being both each few more most much only other own same some such just very next last per " +
    "during roughly about around"
  ).split(" "),
);

/** A crude, predictable stem: enough to match 'orders' with 'order' and 'shipping' with 'ship'. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, "");
  for (const suffix of ["ing", "ed", "es", "s"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (/([bdgmnprt])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** The content words of a phrase, stemmed and de-duplicated. */
export function keywords(text: string): string[] {
  const out = new Set<string>();
  for (const part of words(text).flatMap((w) => w.split(/[-'’]/))) {
    if (part.length < 2 || STOPWORDS.has(part)) continue;
    out.add(stem(part));
  }
  return [...out];
}

/** Two stems match when equal, or when the shorter (4+ letters) starts the longer. */
export function stemsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short);
}

/** A short, whole-word excerpt for feedback that quotes the learner. */
export function excerpt(text: string, maxWords = 18): string {
  const parts = text.trim().split(/\s+/);
  return parts.length <= maxWords ? text.trim() : `${parts.slice(0, maxWords).join(" ")}...`;
}

/** Lower case, straight apostrophes, and the contractions speech-to-text writes without them. */
export function normaliseText(s: string): string {
  return s
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, " ")
    .replace(/\b(what|how|where|who|that|there|it|here)s\b/g, "$1's")
    .replace(/\b(do|does|did|is|are|was|were|would|could|should|have|has|had|ca|wo)nt\b/g, "$1n't")
    .replace(/\bim\b/g, "i'm")
    .trim();
}
