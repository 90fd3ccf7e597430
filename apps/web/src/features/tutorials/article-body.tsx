import { type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import './markdown.css';

/**
 * Shows an article's HTML, rendered from our own Markdown at build time (not user input).
 * Links inside it are plain anchors, so internal ones are routed client-side here instead of
 * reloading the whole app.
 */
export function ArticleBody({ html }: { html: string }) {
  const navigate = useNavigate();

  function handleClick(event: MouseEvent<HTMLDivElement>) {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href || anchor?.target === '_blank') return;
    if (href.startsWith('/')) {
      event.preventDefault();
      navigate(href);
    }
  }

  return (
    // The click handler only delegates link clicks; the links themselves stay keyboard-reachable.
    <div
      className="markdown-body"
      onClick={handleClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
