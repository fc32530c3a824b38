// The danmaku renderer: plain DOM. All lines move at the same speed, so they ride one moving "strip" —
// a single layer translated by one compositor-only animation (Web Animations API) — each placed where
// the right edge is at the moment it arrives: no animation, layer or per-frame work per line, so 50
// lines a second cost the main thread almost nothing and the compositor one layer. A strip takes lines
// for 120 s, then a fresh one does; a line that has left the stage goes back to a pool for reuse, and a
// strip whose lines are all gone is removed. The stage's size is read on resize only, never per line or per frame; widths come
// from canvas text metrics. A line that enters behind another in its lane never catches it: a lane
// takes a new line once the previous one's tail has cleared the right edge (no overlap), at most four
// at a time. Lines that find no free lane are dropped, as Bilibili and Douyu do when the screen is full.
// The clock only runs while playing: `pause()` freezes the strips and the lanes' timing with them.
export type DanmakuSettings = {
  /** 1 top quarter, 2 top half, 3 top three quarters, 4 full screen (spec §3 default 3). */
  area: 1 | 2 | 3 | 4;
  /** 1 small, 2 medium, 3 large (default 2). */
  size: 1 | 2 | 3;
  /** 10–100 % (default 100). */
  opacity: number;
};

export const DANMAKU_DEFAULTS: DanmakuSettings & { show: boolean } = {
  show: true,
  area: 3,
  size: 2,
  opacity: 100,
};

const FONT_PX = { 1: 16, 2: 20, 3: 26 } as const;
/** Pixels per second; a line crosses a 1,100 px stage in about 8 s. */
const SPEED = 150;
const GAP_PX = 24;
const MAX_ON_SCREEN = 240;
/** At most this many lines in one lane at a time (short lines could otherwise crowd a lane). */
const MAX_PER_LANE = 4;
/**
 * A strip takes new lines for this long, then the next strip does; old strips go once empty. Long, so
 * that two strips (two layers the compositor draws every frame) overlap only while one empties.
 */
const STRIP_SECONDS = 120;
/** A strip's animation is this long (far past any line's crossing); it is removed well before. */
const STRIP_LIFETIME_SECONDS = 3600;
/** Nodes kept for reuse. */
const POOL_MAX = 120;

type Lane = { freeAt: number; until: number[] };

/**
 * One moving strip: a single composited layer translated at SPEED by one animation. A line is placed
 * in it at the strip's current offset plus the stage width, so it enters at the right edge and, riding
 * the strip, crosses at SPEED like every other line — without an animation or a layer of its own.
 */
type Strip = {
  element: HTMLDivElement;
  animation: Animation;
  /** Danmaku-clock time after which the strip takes no new lines. */
  acceptUntil: number;
  /** Danmaku-clock time at which its last line has left the stage. */
  emptyAt: number;
  /** Its lines, each with the danmaku-clock time it has left the stage. */
  nodes: { element: HTMLSpanElement; gone: number }[];
};

export class DanmakuEngine {
  private lanes: Lane[] = [];
  private settings: DanmakuSettings = DANMAKU_DEFAULTS;
  private paused = false;
  private pausedAt = 0;
  private pausedTotal = 0;
  private strips: Strip[] = [];
  private pool: HTMLSpanElement[] = [];
  private onScreen = 0;
  /** The stage's width, read when it changes (resize), never per line or per frame. */
  private width = 0;
  private height = 0;
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private readonly layer: HTMLDivElement;
  private context: CanvasRenderingContext2D | null = null;

  constructor(private readonly host: HTMLElement) {
    this.layer = document.createElement('div');
    this.layer.setAttribute('aria-hidden', 'true');
    this.layer.dataset.testid = 'danmaku-layer';
    Object.assign(this.layer.style, {
      position: 'absolute',
      inset: '0',
      // clip, not hidden: a hidden box is a scroll container whose extents (the strips run far to the
      // right) the compositor's scroll tree would update on every commit.
      overflow: 'clip',
      pointerEvents: 'none',
      contain: 'strict',
    });
    host.appendChild(this.layer);
    this.layout();
  }

  /** Time on the danmaku clock (ms): wall time minus time spent paused. */
  private now() {
    return (this.paused ? this.pausedAt : performance.now()) - this.pausedTotal;
  }

  private lineHeight() {
    return Math.round(FONT_PX[this.settings.size] * 1.5);
  }

  private layout() {
    this.width = this.host.clientWidth;
    this.height = this.host.clientHeight;
    const count = Math.max(1, Math.floor((this.height * (this.settings.area / 4)) / this.lineHeight()));
    this.lanes = Array.from({ length: count }, (_, index) => this.lanes[index] ?? { freeAt: 0, until: [] });
  }

  private measure(text: string, font: string) {
    this.context ??= document.createElement('canvas').getContext('2d');
    if (!this.context) return text.length * FONT_PX[this.settings.size];
    this.context.font = font;
    return this.context.measureText(text).width;
  }

  setSettings(settings: DanmakuSettings) {
    this.settings = settings;
    this.layer.style.opacity = String(Math.min(100, Math.max(10, settings.opacity)) / 100);
    this.layout();
  }

  /** The strip taking lines now, started when the last one stopped taking them. */
  private currentStrip(now: number) {
    const last = this.strips.at(-1);
    if (last && now < last.acceptUntil) return last;
    const element = document.createElement('div');
    Object.assign(element.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      width: '0',
      height: '100%',
      willChange: 'transform',
    });
    this.layer.appendChild(element);
    const distance = SPEED * STRIP_LIFETIME_SECONDS;
    const animation = element.animate(
      [{ transform: 'translateX(0)' }, { transform: `translateX(${-distance}px)` }],
      { duration: STRIP_LIFETIME_SECONDS * 1000, easing: 'linear' },
    );
    // The strip's offset follows the clock from this moment, however late the first frame comes.
    animation.startTime = document.timeline.currentTime;
    if (this.paused) animation.pause();
    const strip: Strip = {
      element,
      animation,
      acceptUntil: now + STRIP_SECONDS * 1000,
      emptyAt: 0,
      nodes: [],
    };
    this.strips.push(strip);
    this.sweeper ??= setInterval(() => this.sweep(), 1000);
    return strip;
  }

  /**
   * Lines that have left the stage go back to the pool (a strip lives long); strips whose lines have
   * all left are removed.
   */
  private sweep() {
    const now = this.now();
    for (const strip of this.strips) {
      const kept = strip.nodes.filter((node) => node.gone > now);
      if (kept.length === strip.nodes.length) continue;
      for (const node of strip.nodes) if (node.gone <= now) this.release(node.element);
      this.onScreen -= strip.nodes.length - kept.length;
      strip.nodes = kept;
    }
    this.strips = this.strips.filter((strip) => {
      if (now < strip.acceptUntil || now < strip.emptyAt) return true;
      this.retire(strip);
      return false;
    });
    if (this.strips.length === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  private release(element: HTMLSpanElement) {
    element.remove();
    if (this.pool.length < POOL_MAX) this.pool.push(element);
  }

  private retire(strip: Strip) {
    strip.animation.cancel();
    for (const node of strip.nodes) this.release(node.element);
    this.onScreen -= strip.nodes.length;
    strip.element.remove();
  }

  private node() {
    const reused = this.pool.pop();
    if (reused) return reused;
    const element = document.createElement('span');
    Object.assign(element.style, {
      position: 'absolute',
      whiteSpace: 'pre',
      color: '#fff',
      textShadow: '1px 1px 0 rgba(0,0,0,.9)',
      contain: 'layout style',
    });
    return element;
  }

  /** Puts a line on screen; false when every lane is busy (the line is dropped). */
  push(text: string, options: { own?: boolean } = {}) {
    if (this.paused || this.onScreen >= MAX_ON_SCREEN || this.width === 0) return false;
    const now = this.now();
    const lane = this.lanes.findIndex((candidate) => {
      if (candidate.freeAt > now) return false;
      candidate.until = candidate.until.filter((end) => end > now);
      return candidate.until.length < MAX_PER_LANE;
    });
    if (lane === -1) return false;
    const size = FONT_PX[this.settings.size];
    const font = `500 ${size}px/1.5 system-ui, sans-serif`;
    // Width from the canvas text metrics: reading an element's size would force a layout.
    const lineWidth = Math.ceil(this.measure(text, font)) + (options.own ? 10 : 0);
    const strip = this.currentStrip(now);
    const offset = (SPEED * (Number(strip.animation.currentTime) || 0)) / 1000;
    const element = this.node();
    // Text, never HTML: a message is a text node whatever it holds.
    element.textContent = text;
    Object.assign(element.style, {
      left: `${Math.round(offset + this.width)}px`,
      top: `${lane * this.lineHeight()}px`,
      font,
      outline: options.own ? '1px solid rgba(255,255,255,.8)' : '',
      padding: options.own ? '0 4px' : '',
      borderRadius: options.own ? '4px' : '',
    });
    strip.element.appendChild(element);
    this.onScreen += 1;
    const gone = now + ((this.width + lineWidth) / SPEED) * 1000;
    strip.nodes.push({ element, gone });
    strip.emptyAt = Math.max(strip.emptyAt, gone);
    this.lanes[lane]!.freeAt = now + ((lineWidth + GAP_PX) / SPEED) * 1000;
    this.lanes[lane]!.until.push(gone);
    return true;
  }

  pause() {
    if (this.paused) return;
    this.paused = true;
    this.pausedAt = performance.now();
    for (const strip of this.strips) strip.animation.pause();
  }

  resume() {
    if (!this.paused) return;
    this.pausedTotal += performance.now() - this.pausedAt;
    this.paused = false;
    for (const strip of this.strips) strip.animation.play();
  }

  get isPaused() {
    return this.paused;
  }

  /** Re-measures lanes after the stage changed size (full screen, window resize). */
  resize() {
    this.layout();
  }

  clear() {
    for (const strip of this.strips) this.retire(strip);
    this.strips = [];
    this.onScreen = 0;
    for (const lane of this.lanes) {
      lane.freeAt = 0;
      lane.until = [];
    }
  }

  destroy() {
    this.clear();
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    this.layer.remove();
  }
}
