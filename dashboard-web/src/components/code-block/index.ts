export { CodeBlock, COPY_FEEDBACK_MS, type CodeBlockProps } from './CodeBlock';
export { apiBaseUrl, withBaseUrl } from './api-base-url';
