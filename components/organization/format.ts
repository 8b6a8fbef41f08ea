/** A last-active date at or before the epoch, or in 1969, reads 'Inactive'; otherwise the local date. */
export function lastActiveLabel(value: string | null): string {
  if (!value) return "Inactive";
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.getTime() <= 0 || date.getFullYear() === 1969) return "Inactive";
  return date.toLocaleDateString();
}

export function scoreLabel(score: number | null): string {
  return score === null ? "No score yet" : score.toFixed(1);
}
