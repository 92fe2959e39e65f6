// A full page load to a path: the app restarts with nothing in memory (used when a dashboard hands over to a kiosk).
export function hardNavigate(href: string): void {
  window.location.assign(href);
}
