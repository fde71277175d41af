export { SiteLayout } from './SiteLayout';
