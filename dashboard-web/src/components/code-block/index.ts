export { CodeBlock } from './CodeBlock';
export { useApiBaseUrl } from './api-base-url';
