/**
 * The global window event that toggles the dashboard sidebar. Anything, e.g.
 * the floating menu button, can dispatch it without importing the sidebar.
 */
export const TOGGLE_SIDEBAR_EVENT = 'alpenkube:toggle-sidebar';

export function dispatchToggleSidebar() {
  window.dispatchEvent(new Event(TOGGLE_SIDEBAR_EVENT));
}
