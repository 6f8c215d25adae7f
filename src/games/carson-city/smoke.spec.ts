import { randomGame } from './testing/harness';
test('smoke', () => {
  for (let i = 0; i < 3; i++) {
    const g = randomGame({ personalitySet: 'RANDOM' }, 2 + (i % 5), `smoke${i}`);
    const counts: Record<string, number> = {};
    for (const e of g.events) counts[e.type] = (counts[e.type] ?? 0) + 1;
    console.log(g.commands, JSON.stringify(counts), JSON.stringify(g.state.final), JSON.stringify(g.state.tiles));
    const built = g.events.filter((e) => e.type === 'BUILDING_BUILT');
    console.log(JSON.stringify(built.slice(0, 5)));
    console.log(JSON.stringify(g.events.filter((e) => e.type === 'INCOME').slice(0, 5)));
    console.log(JSON.stringify(g.events.filter((e) => e.type === 'DUEL').slice(0, 3)));
  }
});
