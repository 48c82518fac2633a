/**
 * Rendered while the first screen's code loads on a full page load (a few milliseconds from the same
 * origin): nothing, so that no spinner flashes; declaring it tells the router the wait is intended.
 */
export function HydrateFallback() {
  return null;
}
