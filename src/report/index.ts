export { renderJson, renderYaml } from './json.js';
export { groupKey, renderText, type TextOptions } from './text.js';
export { renderJunit, targetKey, xmlText, type JunitOptions } from './junit.js';
export { renderMarkdown, markdownCell, codeBlock, type MarkdownOptions } from './markdown.js';
export { reportDocument, contractDiagnosis, type ReportDocument } from './document.js';
export { sanitize, sanitizeDeep } from './sanitize.js';
export { colour, plain, type Style } from './style.js';
export { REPORT_FORMATS, reportFormat } from './formats.js';
export type { RenderContext, ReportFormat } from './format.js';
