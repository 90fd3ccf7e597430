/** API tokens: the Settings section; the admin page is loaded by file (pages/). */
export { ApiTokensSection } from './components/api-tokens-section';
