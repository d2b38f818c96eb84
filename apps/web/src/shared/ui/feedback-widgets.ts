// Loaded on first use by ./feedback.ts: these widgets bring antd-mobile's animation stack.
export { ActionSheet, Dialog, Toast } from 'antd-mobile';
