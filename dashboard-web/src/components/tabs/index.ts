export { TabPanel, tabProps } from './TabPanel';
