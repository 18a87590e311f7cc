/**
 * Runs `work` in a task of its own once the browser has painted the current frame (a timeout started from the
 * frame's animation callback runs after its paint), so what was just rendered shows before the work starts and
 * the two are separate tasks. Returns a cancel. Without animation frames (tests) a timeout alone.
 */
export function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  const later = () => {
    frame = undefined;
    timer = setTimeout(work, 0);
  };
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(later);
  else later();
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
