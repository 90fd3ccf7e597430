import type { Plugin } from 'vite';

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOADS = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Starts the app's code once the page's first contentful paint is recorded, instead of during
 * the HTML's parse. A public
 * page is readable from its prerendered HTML alone, and on a slow line its first paint should
 * not share the bandwidth with 140 KB of scripts that only make it interactive. The scripts'
 * and their preloads' addresses move into one small inline loader (the server allows it by its
 * hash, like every inline script of index.html); an empty page (signed-in) loses one frame.
 */
export function deferAppScript(): Plugin {
  return {
    name: 'alpenkube-defer-app-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY.exec(html)?.[1];
        if (!entry) return html;
        const preloads = [...html.matchAll(PRELOADS)].map((match) => match[1]!);
        const loader = `(function () {
  function load() {
    ${JSON.stringify(preloads)}.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = ${JSON.stringify(entry)};
    document.head.appendChild(script);
  }
  var started = false;
  function start() {
    if (!started) (started = true), load();
  }
  // An empty page (not prerendered) has nothing to paint first.
  var root = document.getElementById('root');
  if (!root || !root.firstElementChild || !window.PerformanceObserver) {
    return start();
  }
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {
    start();
  }
  // A tab opened in the background paints nothing until shown.
  setTimeout(start, 1000);
})();`;
        return html
          .replace(ENTRY, '')
          .replace(PRELOADS, '')
          .replace('</body>', `<script>${loader}</script></body>`);
      },
    },
  };
}
