export { SiteLayout } from './SiteLayout';
export { EnvironmentSwitch } from './EnvironmentSwitch';
