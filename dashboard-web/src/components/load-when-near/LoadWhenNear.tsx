import { Suspense, use, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Box } from '@mui/material';
import { enablePrerenderedControls, HYDRATES_LATER } from '../../lib/prerendered-controls';

interface Signal {
  promise: Promise<void>;
  resolve: () => void;
}

function newSignal(): Signal {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Renders its children once `near` resolves; until then it suspends (in the browser only). */
function Gate({ near, children }: { near: Promise<void>; children: ReactNode }) {
  if (typeof window !== 'undefined') use(near);
  return children;
}

/** Once the part is hydrated, enables the controls the prerender disabled in it. */
function EnableControls({ within }: { within: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    if (within.current) enablePrerenderedControls(within.current);
  }, [within]);
  return null;
}

/**
 * A part of a page far below the fold whose code (a React.lazy component among `children`) is downloaded only
 * when the part comes within `rootMargin` of the viewport, instead of with the page.
 *
 * On a prerendered page, the part stays in the HTML as the prerender wrote it (same text, same height,
 * its controls disabled) and React hydrates it once its code is there: it suspends until then, and a
 * suspended part of a page being hydrated keeps its server markup. When the page is rendered in the
 * browser (a link from another page), `placeholder` stands in for it until then: give it the part's height,
 * so that nothing moves when the part arrives.
 */
export function LoadWhenNear({ children, placeholder, rootMargin = '600px 0px' }: { children: ReactNode; placeholder: ReactNode; rootMargin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near] = useState(newSignal);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      near.resolve();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        near.resolve();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  return (
    <Box ref={ref} {...{ [HYDRATES_LATER]: '' }}>
      <Suspense fallback={placeholder}>
        <Gate near={near.promise}>
          {children}
          <EnableControls within={ref} />
        </Gate>
      </Suspense>
    </Box>
  );
}
