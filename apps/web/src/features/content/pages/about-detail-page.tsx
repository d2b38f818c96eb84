// Scaffold: the page is being built this session; until then the route shows 即将开放.
export { default } from '../../../shared/ui/coming-soon';
