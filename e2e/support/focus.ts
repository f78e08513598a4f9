/** Whether the focused element is inside `selector` (runs in the page: pass it to `page.evaluate`). */
export function focusIsIn(selector: string): boolean {
  const { document } = globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } | null } };
  return document.activeElement?.closest(selector) != null;
}
