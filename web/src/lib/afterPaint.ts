/**
 * Resolves once the browser has painted what React just rendered: a message shown before slower work
 * (a route change) reaches the screen first. A hidden tab never paints, so it gives up after `maxMs`.
 */
export function afterPaint(maxMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const done = () => resolve();
    const timer = setTimeout(done, maxMs);
    if (typeof requestAnimationFrame !== "function") return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        done();
      }, 0),
    );
  });
}
