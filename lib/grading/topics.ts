import { keywords, stemsMatch } from "./text";

/**
 * Which of the persona's pain points and goals came up, said by either side. A topic came up
 * when one turn contains at least two of its content words and at least 40% of them
 * (a one-word topic needs that word). Stems are compared, so "orders" matches "order".
 */
export function topicsCovered(topics: string[], turnTexts: string[]): string[] {
  const turnStems = turnTexts.map(keywords);
  return topics.filter((topic) => {
    const wanted = keywords(topic);
    if (wanted.length === 0) return false;
    const needed = wanted.length === 1 ? 1 : Math.max(2, Math.ceil(wanted.length * 0.4));
    return turnStems.some((stems) => wanted.filter((w) => stems.some((s) => stemsMatch(w, s))).length >= needed);
  });
}
