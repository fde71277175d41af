export { CodeBlock } from './CodeBlock';
export { apiBaseUrl } from './api-base-url';
export { copyText } from './copy-text';
