// Fixtures of the betting module for other modules' tests (imported by *.test.ts only).
export { addBetting, fund, line, newPlayer, seeded } from './fixture';
