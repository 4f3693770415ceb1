/**
 * The class the open inspector puts on `<html>` (inspector-root.tsx), which the layout uses to
 * make room for it (inspector.css). Whether the proxy builds its trace follows the same open
 * state (lib/trace-request.ts).
 */
export const INSPECTOR_OPEN_CLASS = 'inspector-open'
