export { CodeBlock } from './CodeBlock';
export { useApiBaseUrl } from './api-base-url';
export { copyText } from './copy-text';
