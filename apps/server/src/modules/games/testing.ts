// What tests and benchmarks of other folders may use of the games module (fixtures, the clock's rounds).
export { fund } from './fixture';
export { roundAt } from './schedule';
export { VOID_GRACE_MS } from './void';
