export { TabPanel } from './TabPanel';
export { Tabs, type TabItem } from './Tabs';
