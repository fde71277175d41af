export { SiteLayout, PageLoading } from './SiteLayout';
export { Header } from './Header';
export { Footer } from './Footer';
