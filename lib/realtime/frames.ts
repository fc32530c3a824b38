// Pushes coalesced per room per frame (issue #32): at a derby's goal one room gets hundreds of gifts
// and chat lines a second, and every push is one write to each of its thousands of sockets. The pushes
// of a room that a crowd makes (`FRAMED_TYPES`) wait at most `PUSH_FRAME_MS`, then go out as ONE `batch`
// message, in the order they were published (a frame of one goes out as the message itself). Any other
// push to that room first sends the frame waiting there, so nothing overtakes what came before it (a
// deletion never arrives before its line). The batch is an ordinary emit: the Redis adapter carries it
// to every node like any other push, and the browser unpacks it (`unpackMessages`) and hands each
// message on exactly as if it had arrived alone.
import type { ServerMessage, ServerMessageType } from './events';

/** How long a room's first push of a frame waits for others. */
export const PUSH_FRAME_MS = 100;
/** The pushes a crowd makes, coalesced; everything else goes at once. */
export const FRAMED_TYPES: ReadonlySet<ServerMessageType> = new Set(['gift', 'chat']);

type Timers = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
};
const realTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/** The message a frame goes out as: itself when alone, else one `batch`. */
export const frameMessage = (messages: ServerMessage[]): ServerMessage =>
  messages.length === 1 ? messages[0]! : { type: 'batch', data: messages };

export class RoomFrames {
  private frames = new Map<string, { messages: ServerMessage[]; timer: unknown }>();

  constructor(
    private readonly emit: (room: string, message: ServerMessage) => void,
    private readonly frameMs = PUSH_FRAME_MS,
    private readonly timers: Timers = realTimers,
  ) {}

  /** Publishes to a room: a crowd's push joins the room's frame, anything else flushes it and goes. */
  publish(room: string, message: ServerMessage) {
    if (this.frameMs <= 0 || !FRAMED_TYPES.has(message.type)) {
      this.flush(room);
      this.emit(room, message);
      return;
    }
    const frame = this.frames.get(room);
    if (frame) frame.messages.push(message);
    else
      this.frames.set(room, {
        messages: [message],
        timer: this.timers.setTimeout(() => this.flush(room), this.frameMs),
      });
  }

  /** Sends the room's waiting frame now (nothing when none waits). */
  flush(room: string) {
    const frame = this.frames.get(room);
    if (!frame) return;
    this.frames.delete(room);
    this.timers.clearTimeout(frame.timer);
    this.emit(room, frameMessage(frame.messages));
  }

  /** Sends every waiting frame (a node closing). */
  flushAll() {
    for (const room of [...this.frames.keys()]) this.flush(room);
  }

  /** Rooms with a frame waiting. */
  get waiting() {
    return this.frames.size;
  }
}
