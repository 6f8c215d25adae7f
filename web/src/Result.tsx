/** The result screen: ranks, winners and scores (with each game's score detail when it has one). */
import type { GameInfo } from './api';
import { humanize, seatName } from './format';

function detailText(detail: unknown): string {
  if (!detail || typeof detail !== 'object') return '';
  return Object.entries(detail as Record<string, unknown>)
    .filter(
      ([k, v]) => k !== 'seat' && (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean'),
    )
    .map(([k, v]) => `${humanize(k).toLowerCase()} ${typeof v === 'string' ? humanize(v) : String(v)}`)
    .join(', ');
}

export function Result(props: { info: GameInfo }) {
  const result = props.info.result;
  if (!result) return null;
  const rows = [...result.seats].sort((a, b) => a.rank - b.rank);
  return (
    <section class="panel result" data-testid="result" aria-labelledby="result-title">
      <h2 id="result-title">
        Result: {result.winners.map((w) => seatName(props.info.seats, w)).join(', ') || 'no winner'} won
      </h2>
      {result.reason ? <p class="muted">{humanize(result.reason)}</p> : null}
      <table>
        <caption class="sr-only">Final ranks and scores</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Seat</th>
            <th scope="col">Score</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.seat} class={s.winner ? 'winner' : ''}>
              <td>{s.rank}</td>
              <td>
                {seatName(props.info.seats, s.seat)}
                {s.winner ? ' 🏆' : ''}
              </td>
              <td>{typeof s.score === 'number' ? s.score : '—'}</td>
              <td class="detail">{detailText(s.detail)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
