// The danmaku renderer: plain DOM, each line one absolutely placed element moved by a compositor-only
// transform animation (Web Animations API), so 50 lines a second cost the main thread almost nothing.
// All lines move at the same speed, so a line that enters behind another in its lane never catches it:
// a lane takes a new line once the previous one's tail has cleared the right edge (no overlap). Lines
// that find no free lane are dropped, as Bilibili and Douyu do when the screen is full. The clock only
// runs while playing: `pause()` freezes every line and the lanes' timing with it.
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

type Lane = { freeAt: number };

export class DanmakuEngine {
  private lanes: Lane[] = [];
  private settings: DanmakuSettings = DANMAKU_DEFAULTS;
  private paused = false;
  private pausedAt = 0;
  private pausedTotal = 0;
  private live = new Set<Animation>();
  private readonly layer: HTMLDivElement;
  private context: CanvasRenderingContext2D | null = null;

  constructor(private readonly host: HTMLElement) {
    this.layer = document.createElement('div');
    this.layer.setAttribute('aria-hidden', 'true');
    this.layer.dataset.testid = 'danmaku-layer';
    Object.assign(this.layer.style, {
      position: 'absolute',
      inset: '0',
      overflow: 'hidden',
      pointerEvents: 'none',
      contain: 'strict',
    });
    host.appendChild(this.layer);
    this.layout();
  }

  /** Time on the danmaku clock: wall time minus time spent paused. */
  private now() {
    return (this.paused ? this.pausedAt : performance.now()) - this.pausedTotal;
  }

  private lineHeight() {
    return Math.round(FONT_PX[this.settings.size] * 1.5);
  }

  private layout() {
    const height = this.host.clientHeight * (this.settings.area / 4);
    const count = Math.max(1, Math.floor(height / this.lineHeight()));
    this.lanes = Array.from({ length: count }, (_, index) => this.lanes[index] ?? { freeAt: 0 });
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

  /** Puts a line on screen; false when every lane is busy (the line is dropped). */
  push(text: string, options: { own?: boolean } = {}) {
    if (this.paused || this.live.size >= MAX_ON_SCREEN) return false;
    const width = this.host.clientWidth;
    if (width === 0) return false;
    const now = this.now();
    const lane = this.lanes.findIndex((candidate) => candidate.freeAt <= now);
    if (lane === -1) return false;
    const font = `500 ${FONT_PX[this.settings.size]}px/1.5 system-ui, sans-serif`;
    // Width from the canvas text metrics: reading the element's size would force a layout of the
    // whole layer on every line.
    const lineWidth = Math.ceil(this.measure(text, font)) + (options.own ? 10 : 0);
    const element = document.createElement('span');
    // Text, never HTML: a message is a text node whatever it holds.
    element.textContent = text;
    Object.assign(element.style, {
      position: 'absolute',
      left: '0',
      top: `${lane * this.lineHeight()}px`,
      whiteSpace: 'pre',
      font,
      color: '#fff',
      textShadow: '1px 1px 0 rgba(0,0,0,.9)',
      transform: `translateX(${width}px)`,
      ...(options.own
        ? { outline: '1px solid rgba(255,255,255,.8)', padding: '0 4px', borderRadius: '4px' }
        : {}),
    });
    this.layer.appendChild(element);
    const distance = width + lineWidth;
    const duration = (distance / SPEED) * 1000;
    this.lanes[lane]!.freeAt = now + ((lineWidth + GAP_PX) / SPEED) * 1000;
    const animation = element.animate(
      [{ transform: `translateX(${width}px)` }, { transform: `translateX(${-lineWidth}px)` }],
      { duration, easing: 'linear' },
    );
    // Positions follow the clock from the moment of the push, however late the first frame comes, so
    // the lane's spacing holds on a busy machine too.
    animation.startTime = document.timeline.currentTime;
    this.live.add(animation);
    animation.onfinish = () => {
      this.live.delete(animation);
      element.remove();
    };
    return true;
  }

  pause() {
    if (this.paused) return;
    this.paused = true;
    this.pausedAt = performance.now();
    for (const animation of this.live) animation.pause();
  }

  resume() {
    if (!this.paused) return;
    this.pausedTotal += performance.now() - this.pausedAt;
    this.paused = false;
    for (const animation of this.live) animation.play();
  }

  get isPaused() {
    return this.paused;
  }

  /** Re-measures lanes after the stage changed size (full screen, window resize). */
  resize() {
    this.layout();
  }

  clear() {
    for (const animation of this.live) animation.cancel();
    this.live.clear();
    this.layer.replaceChildren();
    for (const lane of this.lanes) lane.freeAt = 0;
  }

  destroy() {
    this.clear();
    this.layer.remove();
  }
}
