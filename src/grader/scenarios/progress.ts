import { bi, random } from '../rubrics/common.js';
import { runTool } from '../rubrics/progress.js';
import type { PlayScenario } from '../scenario.js';

/**
 * Exercise 1 played: the three calls its checks make, in one session, so the learner sees their
 * progress bar fill, the call without a token stay quiet, and the cancelled call stop.
 */
export const progressScenario: PlayScenario = {
  about: bi(
    'The simulated client calls your long_running_task three times in one session: with a progressToken, without one, and with one it cancels after two progress notifications. The referee judges every envelope; the progress line shows what your notifications report.',
    '模拟客户端在一次会话中调用你的 long_running_task 三次：带 progressToken 一次，不带一次，再带一次并在收到两条进度通知后取消。裁判评判每一条消息；进度行显示你的通知所报告的进度。',
  ),
  learner: 'server',
  async run({ runner, seed, open, recap }) {
    const rng = random(seed);
    const steps = rng.int(4, 6);
    const token = `task-${rng.word()}`;
    const a = await runTool(runner, { token, steps, delayMs: 40, open });
    const count = a.progress.length;
    recap(
      count === 0
        ? bi(
            `Your tool sent no notifications/progress for the ${steps} steps of the call with progressToken "${token}": that client saw no progress at all.`,
            `对于带 progressToken "${token}" 的调用，你的工具在 ${steps} 步中没有发送任何 notifications/progress：客户端完全看不到进度。`,
          )
        : bi(
            `Your tool sent ${count} notifications/progress for the ${steps} steps of the call with progressToken "${token}".`,
            `对于带 progressToken "${token}" 的调用（共 ${steps} 步），你的工具发送了 ${count} 条 notifications/progress。`,
          ),
    );
    const b = await runTool(runner, { steps: 2, delayMs: 20, open });
    if (b.progress.length > 0) {
      recap(
        bi(
          `The call without a progressToken got ${b.progress.length === 1 ? 'a progress notification' : `${b.progress.length} progress notifications`}: none were asked for.`,
          `没有 progressToken 的调用收到了 ${b.progress.length} 条进度通知：客户端并没有要求。`,
        ),
      );
    }
    const c = await runTool(runner, {
      token: `cancel-${rng.word()}`,
      steps: 12,
      delayMs: 40,
      cancelAfterProgress: 2,
      cancelAfterMs: 200,
      open,
    });
    const late = c.progress.filter((p) => p.afterCancel).length;
    if (c.cancelled && late > 0) {
      recap(
        bi(
          `After notifications/cancelled your tool still sent ${late === 1 ? 'a progress notification' : `${late} progress notifications`}.`,
          `收到 notifications/cancelled 之后，你的工具仍然发送了 ${late} 条进度通知。`,
        ),
      );
    }
  },
};
