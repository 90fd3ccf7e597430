import type { Plugin } from 'vite';

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOADS = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Whether this visitor needs the app as soon as the page is painted: a session to show (the
 * `signed_in` hint), a currency or billing cycle chosen before (index.html's first script marks
 * it), an address whose query the page acts on (a confirmation link, an estimate's
 * configuration: the HTML is the page without it), or a page that exists to show live requests
 * (`data-hydrate="at-once"` in its HTML).
 */
const NEEDS_APP_AT_ONCE = `html.getAttribute('data-session') === 'in' ||
    html.hasAttribute('data-choices') ||
    location.search.length > 1 ||
    document.querySelector('[data-hydrate="at-once"]')`;

/** What a click before the app would reach: the app's own controls, not text or a link. */
const HELD_CONTROLS = [
  'button',
  'input[type=checkbox]',
  'input[type=radio]',
  'input[type=submit]',
  ...['button', 'tab', 'switch', 'checkbox', 'radio', 'menuitem', 'option', 'combobox'].map(
    (role) => `[role=${role}]`,
  ),
].join(', ');

/**
 * Everyone else reads the prerendered HTML, which is the whole page, until they touch it: a key,
 * the mouse moving, a finger, a wheel or a focused field starts the app. Until the app has taken
 * the page over, a click on one of its controls and a field's new value are held (a link just
 * loads its page): `replayHeldInput` (src/app/prerender) hands them to the live page.
 */
const WAIT_FOR_TOUCH = `html.setAttribute('data-app', 'touch');
  var held = { clicks: [], fields: [], values: [], forms: [] };
  var triggers = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'focusin', 'input', 'change'];
  function touched() {
    triggers.forEach(function (type) {
      removeEventListener(type, touched, true);
    });
    start();
  }
  triggers.forEach(function (type) {
    addEventListener(type, touched, { capture: true, passive: true });
  });
  function keep(list, item) {
    if (list.indexOf(item) < 0) list.push(item);
  }
  function holdClick(event) {
    var target = event.target;
    if (!(target instanceof Element) || target.closest('a[href]')) return;
    var control = target.closest(${JSON.stringify(HELD_CONTROLS)});
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    keep(held.clicks, control);
  }
  function holdField(event) {
    var target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
      keep(held.fields, target);
      held.values[held.fields.indexOf(target)] = target.value;
    }
  }
  function holdSubmit(event) {
    event.preventDefault();
    if (event.target instanceof HTMLFormElement) keep(held.forms, event.target);
  }
  var holders = [['click', holdClick], ['input', holdField], ['change', holdField], ['submit', holdSubmit]];
  holders.forEach(function (pair) {
    document.addEventListener(pair[0], pair[1], true);
  });
  window.__heldBeforeApp = function () {
    holders.forEach(function (pair) {
      document.removeEventListener(pair[0], pair[1], true);
    });
    return held;
  };
  return;`;

/**
 * Starts the app's code after the page's first contentful paint, or (for most visitors of a
 * public page) at their first touch, instead of during the HTML's parse. A public page is
 * readable from its prerendered HTML alone: on a slow line its first paint should not share the
 * bandwidth with 140 KB of scripts, and on a slow phone the main thread should not spend half a
 * second making interactive a page nobody has touched yet. The scripts' and their preloads'
 * addresses move into one small inline loader (the server allows it by its hash, like every
 * inline script of index.html); an empty page (signed-in) loses one frame.
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
  var html = document.documentElement;
  var started = false;
  function start() {
    if (started) return;
    started = true;
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
  // An empty page (not prerendered) has nothing to show until the app draws it.
  var root = document.getElementById('root');
  if (!root || !root.firstElementChild) return start();
  if (${NEEDS_APP_AT_ONCE}) return afterFirstPaint();
  ${WAIT_FOR_TOUCH}
  function afterFirstPaint() {
    if (!window.PerformanceObserver) return start();
    try {
      new PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start, 0);
      }).observe({ type: 'paint', buffered: true });
    } catch (e) {
      start();
    }
    // A tab opened in the background paints nothing until shown.
    setTimeout(start, 1000);
  }
})();`;
        return html
          .replace(ENTRY, '')
          .replace(PRELOADS, '')
          .replace('</body>', `<script>${loader}</script></body>`);
      },
    },
  };
}
