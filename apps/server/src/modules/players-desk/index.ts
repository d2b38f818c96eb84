// The public surface of the players desk: a player's records, which the finance desk's withdrawal
// review lists too (recent bets).
export { recordPage } from './records';
