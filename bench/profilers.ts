import { Session } from 'node:inspector/promises';

/**
 * Starts V8's sampling CPU profiler in this process (so a profile can cover just the part being
 * measured); the function returned stops it and gives the profile (`.cpuprofile`).
 */
export async function startCpuProfile(): Promise<() => Promise<object>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    return profile;
  };
}

/**
 * Starts V8's sampling heap profiler; the function returned collects garbage and gives what is
 * still live of what was allocated meanwhile, by allocating stack (`.heapprofile`).
 */
export async function startHeapProfile(): Promise<() => Promise<object>> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 4096 });
  return async () => {
    await session.post('HeapProfiler.collectGarbage');
    const { profile } = await session.post('HeapProfiler.stopSampling');
    session.disconnect();
    return profile;
  };
}
