// What other modules' tests may read of the payment module: the withdrawal turnover requirement.
export { turnoverStatus } from './turnover';
