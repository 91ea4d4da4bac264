import { COMPARE_STRINGS } from '../../i18n/compare-strings.js';
import { type Lang, tr } from '../../i18n/lang.js';
import { USAGE_STRINGS } from '../../i18n/usage-strings.js';
import { visible, visibleJson } from '../../protocol/index.js';
import { LessonError } from '../lesson-error.js';
import { importUi, requireTty } from '../terminal.js';
import { UsageError } from '../usage.js';

export type CompareArgs = {
  readonly topic: string | undefined;
  readonly plain: boolean;
  readonly json: boolean;
  readonly lang: Lang;
};

/**
 * `mcp-sim compare`: without a topic, the topics one per line (the id, then the title); with one,
 * the side-by-side view, or its handout (--plain) or data (--json). An unknown topic is a usage
 * error naming the known ones; a topic that does not load or play is a problem of the files (1).
 */
export async function compareCommand(args: CompareArgs): Promise<number> {
  const { formatTopicProblem, listTopics, openTopic, topicIds } = await import(
    '../../sim/compare/topics.js'
  );
  if (args.plain && args.json) {
    throw new UsageError(USAGE_STRINGS.plainOrJson);
  }
  if (args.topic === undefined) {
    const listed = listTopics();
    if (args.json) {
      // An object, as `lessons --json` and `exercises --json` print theirs.
      const topics = listed.flatMap((t) =>
        t.ok
          ? [
              {
                id: t.value.id,
                title: tr(t.value.topic.title, args.lang),
                lessons: t.value.topic.lessons,
              },
            ]
          : [],
      );
      process.stdout.write(`${visibleJson(JSON.stringify({ topics }, null, 2))}\n`);
    } else {
      // The id first, then the title in a column of its own (spaces: a tab's width varies).
      const width = Math.max(0, ...listed.map((t) => (t.ok ? t.value.id.length : 0))) + 2;
      const lines = listed.map((t) =>
        t.ok ? `${t.value.id.padEnd(width)}${tr(t.value.topic.title, args.lang)}` : '',
      );
      process.stdout.write(
        visible(`${lines.filter((l) => l !== '').join('\n')}\n`, { newlines: true }),
      );
    }
    const broken = listed.flatMap((t) => (t.ok ? [] : [t.error]));
    for (const p of broken) {
      process.stderr.write(`mcp-sim: ${visible(formatTopicProblem(p, args.lang))}\n`);
    }
    return broken.length > 0 ? 1 : 0;
  }
  const ids = topicIds();
  if (!ids.includes(args.topic)) {
    throw new UsageError(COMPARE_STRINGS.unknownTopic, { id: args.topic, ids: ids.join(', ') });
  }
  const played = await openTopic(args.topic);
  if (!played.ok) {
    // Said in the learner's language, as a lesson file's problems are.
    const { error } = played;
    throw new LessonError({ en: formatTopicProblem(error), zh: formatTopicProblem(error, 'zh') });
  }
  const { compareModel } = await import('../../ui/compare-model.js');
  const model = compareModel(played.value, args.lang);
  if (args.json || args.plain) {
    const { compareHandout, compareJson } = await import('../../ui/compare-handout.js');
    process.stdout.write(
      args.json
        ? `${visibleJson(JSON.stringify(compareJson(model), null, 2))}\n`
        : compareHandout(model, args.lang),
    );
    return 0;
  }
  requireTty();
  const { runCompare } = await importUi();
  return runCompare({ model, lang: args.lang });
}
