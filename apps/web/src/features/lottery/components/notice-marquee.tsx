import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { SoundIcon } from '../../../shared/ui/icons';

/** As antd-mobile's NoticeBar: 50 px a second, after a 2-second pause on the first screen. */
const SPEED_PX_S = 50;

interface Scroll {
  /** Width of the visible box: each later pass enters from its right edge. */
  boxPx: number;
  firstS: number;
  loopS: number;
}

/**
 * The home notice line: a red speaker and the announcement titles, scrolling when they do not fit.
 * Drawn with a CSS animation instead of antd-mobile's NoticeBar, which is timer-driven and brings
 * its resize and mutation observers into the landing page's JavaScript. Still when the user asks
 * for reduced motion (theme.css).
 */
export function NoticeMarquee({ text, onOpen }: { text: string; onOpen(): void }) {
  const box = useRef<HTMLSpanElement>(null);
  const line = useRef<HTMLSpanElement>(null);
  const [scroll, setScroll] = useState<Scroll | undefined>();

  useEffect(() => {
    const boxPx = box.current?.clientWidth ?? 0;
    const textPx = line.current?.scrollWidth ?? 0;
    if (!text || textPx <= boxPx) return setScroll(undefined);
    setScroll({ boxPx, firstS: textPx / SPEED_PX_S, loopS: (boxPx + textPx) / SPEED_PX_S });
  }, [text]);

  const style = scroll
    ? ({
        '--notice-box': `${scroll.boxPx}px`,
        '--notice-first': `${scroll.firstS}s`,
        '--notice-loop': `${scroll.loopS}s`,
      } as CSSProperties)
    : undefined;

  return (
    <button type="button" className="home-notice" onClick={onOpen}>
      <span className="home-notice-icon" aria-hidden="true">
        <SoundIcon />
      </span>
      <span className="home-notice-box" ref={box}>
        <span ref={line} className={scroll ? 'home-notice-line scrolling' : 'home-notice-line'} style={style}>
          {text}
        </span>
      </span>
    </button>
  );
}
