import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { Lang } from '../../i18n/lang.js';
import type { Step } from '../../session/index.js';
import { envelopeModel } from '../envelope-model.js';
import { screenStep } from '../screen-step.js';
import type { FieldTree } from '../use-field-tree.js';
import { envelopeTitle } from './envelope-view.js';
import { FieldTreeView } from './field-tree-view.js';

export type SandboxInspectProps = {
  /** The session log's step the tree is open on. */
  readonly step: Step;
  readonly tree: NonNullable<FieldTree['tree']>;
  /** The tree's keys, or the search being typed: in the key bar's place. */
  readonly status: string;
  readonly lang: Lang;
  readonly columns: number;
  readonly rows: number;
};

/** The sandbox's `i`: a message of the session as the field tree, each field with its meaning. */
export function SandboxInspect({ step, tree, status, lang, columns, rows }: SandboxInspectProps) {
  // Once per message, language and width: not again on every key that moves the cursor.
  const { shown, meanings } = useMemo(() => {
    const shown = screenStep(step);
    const model = envelopeModel(shown.message, shown.annotations, [], lang, columns - 4);
    return { shown, meanings: new Map(model.meanings.map((m) => [m.pointer, m] as const)) };
  }, [step, lang, columns]);
  return (
    <Box flexDirection="column" width={columns} height={rows - 1} overflow="hidden">
      <FieldTreeView
        title={envelopeTitle(shown, lang)}
        nodes={tree.nodes}
        tree={tree.state}
        meanings={meanings}
        lang={lang}
        height={rows - 2}
        width={columns}
      />
      <Box flexShrink={0} overflowX="hidden">
        <Text wrap="truncate-end">{status}</Text>
      </Box>
    </Box>
  );
}
