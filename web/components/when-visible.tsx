import { useInViewport } from '@mantine/hooks';
import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * Renders `children` (a lazy component) once its box first comes into view, so a heavy part below the
 * fold, a map on a phone, loads when someone scrolls to it and not with the page. The box keeps its
 * height meanwhile, so nothing moves when it arrives.
 */
export function WhenVisible({ height, children }: { height: number; children: ReactNode }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  return (
    <div ref={ref} style={{ minHeight: height }}>
      {seen && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
