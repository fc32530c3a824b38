// Stream health measured from the packets the engine relays: frames per second and bitrate over the
// stream's own timeline, the interval between the last two keyframes, the announced resolution.
import { healthOf, trackBroadcast } from './health';

it('measures fps, bitrate and keyframe interval from relayed packets, and passes every packet on', () => {
  const relayed: number[] = [];
  const broadcast = {
    broadcastMessage: (packet: { dts: number }) => {
      relayed.push(packet.dts);
    },
    publisher: { createTime: 1_000, videoWidth: 1280, videoHeight: 720 },
  };
  expect(healthOf(undefined)).toBeNull();
  trackBroadcast(broadcast);
  trackBroadcast(broadcast); // once only
  // 4 seconds of 25 fps video, 1 250 bytes a frame (250 kbit/s), a keyframe every 2 s.
  for (let frame = 0; frame <= 100; frame++) {
    broadcast.broadcastMessage({
      codec_type: 9,
      flags: frame % 50 === 0 ? 3 : 4,
      dts: frame * 40,
      size: 1250,
    } as never);
  }
  expect(relayed).toHaveLength(101);
  const health = healthOf(broadcast as never)!;
  expect(health.fps).toBeCloseTo(25.3, 0);
  expect(health.bitrateKbps).toBe(253);
  expect(health.keyframeIntervalS).toBe(2);
  expect(health).toMatchObject({ width: 1280, height: 720, startedAt: 1_000 });
  // Nothing pushed: no health.
  expect(healthOf({ ...broadcast, publisher: null } as never)).toBeNull();
});
