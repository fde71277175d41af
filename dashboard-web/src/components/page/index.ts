export { PageHeader } from './PageHeader';
export { srOnly } from './visually-hidden';
export { PageTitle } from './PageTitle';
export { LoadFailureBoundary } from './LoadFailureBoundary';
