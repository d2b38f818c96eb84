/**
 * A one-line chunk between the play page and the share flow: the bundler lists a dynamic import's
 * dependencies (the picker's antd-mobile pieces and styles) at the import site, so importing the flow
 * from here keeps that list out of the play page's first load.
 */
export const loadShareFlow = () => import('./share-flow');
