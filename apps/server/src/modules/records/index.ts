// The public surface of the records module: the report periods (the agent reports share them).
export { reportRange } from './periods';
