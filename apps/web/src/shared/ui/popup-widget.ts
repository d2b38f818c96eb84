// Loaded on first open by ./lazy-popup.tsx: antd-mobile's Popup brings its animation stack.
export { Popup } from 'antd-mobile';
