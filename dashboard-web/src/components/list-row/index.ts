export { ListRow } from './ListRow';
