export { ResponsiveTable, type ResponsiveRow } from './ResponsiveTable';
