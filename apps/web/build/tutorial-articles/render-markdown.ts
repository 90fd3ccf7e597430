import { Marked, type Tokens } from 'marked';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import yaml from 'highlight.js/lib/languages/yaml';
import json from 'highlight.js/lib/languages/json';
import typescript from 'highlight.js/lib/languages/typescript';
import { createSlugger } from './slugger';
import { headingText } from './toc';

// Only the languages the articles use: the full highlight.js bundle is ~1 MB.
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('yaml', yaml);
hljs.registerLanguage('json', json);
hljs.registerLanguage('typescript', typescript);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function highlight(code: string, lang: string | undefined): string {
  if (lang && hljs.getLanguage(lang)) return hljs.highlight(code, { language: lang }).value;
  return escapeHtml(code);
}

/**
 * Article Markdown to HTML. The content ships with the app (it is ours, not user input),
 * so raw HTML is not sanitised; headings get the ids the table of contents links to.
 */
export function renderMarkdown(markdown: string): string {
  const slug = createSlugger();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(
        this: { parser: { parseInline(t: Tokens.Generic[]): string } },
        token: Tokens.Heading,
      ) {
        const id = slug(headingText(token.text));
        const inner = this.parser.parseInline(token.tokens);
        return `<h${token.depth} id="${id}"><a class="heading-anchor" href="#${id}">${inner}</a></h${token.depth}>\n`;
      },
      code({ text, lang }: Tokens.Code) {
        const language = (lang ?? '').split(/\s/)[0] || undefined;
        const label =
          language && language !== 'text'
            ? `<span class="code-lang">${escapeHtml(language)}</span>`
            : '';
        return `<div class="code-block">${label}<pre><code class="hljs${language ? ` language-${escapeHtml(language)}` : ''}">${highlight(text, language)}</code></pre></div>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const external = /^https?:\/\//.test(href);
        const attrs = external ? ' target="_blank" rel="noopener noreferrer"' : '';
        const t = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${escapeHtml(href)}"${t}${attrs}>${inner}</a>`;
      },
      table(token: Tokens.Table) {
        // Wrapped so wide tables scroll on narrow screens instead of widening the page.
        const head = token.header
          .map((c) => `<th>${this.parser.parseInline(c.tokens)}</th>`)
          .join('');
        const rows = token.rows
          .map(
            (r) =>
              `<tr>${r.map((c) => `<td>${this.parser.parseInline(c.tokens)}</td>`).join('')}</tr>`,
          )
          .join('');
        return `<div class="table-wrap"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>\n`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}
