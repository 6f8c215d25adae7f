import { buildSchema } from 'graphql';
import { CommandPlans } from './command-plan';

const schema = buildSchema(`
  type CommandResult { accepted: Boolean! version: Int! duplicate: Boolean! }
  type Query { ping: Int }
  type Mutation {
    submitCommand(gameId: ID!, command: String!): CommandResult!
    pagedCommand(gameId: ID!, first: Int): CommandResult!
  }
`);
const limits = { maxDepth: 10, maxComplexity: 100, maxGameReads: 5 };
const SUBMIT = 'mutation Send($id: ID!) { submitCommand(gameId: $id, command: "x") { accepted version } }';

function plans(): CommandPlans {
  return new CommandPlans(schema, limits, new Set(['submitCommand', 'pagedCommand']));
}

function cacheSize(p: CommandPlans): number {
  return (p as unknown as { cache: { size: number } }).cache.size;
}

describe('command plans (the fast path documents)', () => {
  it('plans a command document once, by its operation name and text', () => {
    const p = plans();
    expect(p.get({ query: SUBMIT, operationName: 'Send', variables: { id: 'g' } })).not.toBeNull();
    expect(p.get({ query: SUBMIT, operationName: null, variables: { id: 'g' } })).not.toBeNull();
    expect(cacheSize(p)).toBe(2);
  });

  it('an operation name the document does not contain is answered without a cache entry', () => {
    const p = plans();
    for (let i = 0; i < 50; i++) {
      const operationName = `Unknown${i}`.padEnd(10_000, 'x');
      expect(p.get({ query: SUBMIT, operationName, variables: { id: 'g' } })).toBeNull();
    }
    expect(p.get({ query: SUBMIT, operationName: 'Other', variables: { id: 'g' } })).toBeNull();
    expect(cacheSize(p)).toBe(0);
  });

  it('a document whose cost reads a variable (a page size) is left to the usual path', () => {
    const p = plans();
    const paged = 'mutation P($n: Int) { pagedCommand(gameId: "g", first: $n) { accepted } }';
    expect(p.get({ query: paged, variables: { n: 1 } })).toBeNull();
    const fixed = 'mutation P { pagedCommand(gameId: "g", first: 1) { accepted } }';
    expect(p.get({ query: fixed })).not.toBeNull();
  });
});
