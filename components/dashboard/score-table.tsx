type Point = { conversation_id: string; started_at: string; schema_name: string; score: number };

/** The points of a score chart as a table for screen readers (the chart itself is a picture). */
export function ScoreTable({ points }: { points: Point[] }) {
  return (
    // A table ignores width: 1px, so the clipping box is a wrapper.
    <div className="sr-only">
      <table>
        <caption>Scores over time</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Roleplay</th>
            <th scope="col">Score</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.conversation_id}>
              <td>{new Date(p.started_at).toLocaleDateString("en-US", { dateStyle: "medium" })}</td>
              <td>{p.schema_name}</td>
              <td>{p.score}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
