/**
 * Whether the flow inspector is open, readable from the first load without loading the
 * inspector: the open panel marks `<html>` with a class (inspector-root.tsx), which the layout
 * also uses to make room for it (inspector.css). The proxy may build its trace only while this
 * is true (a request header set where main.tsx wires the client, which imports no feature).
 */
export const INSPECTOR_OPEN_CLASS = 'inspector-open'

export function isInspectorOpen(): boolean {
  return document.documentElement.classList.contains(INSPECTOR_OPEN_CLASS)
}
